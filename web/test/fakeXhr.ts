import { vi } from 'vitest';

/** One upload the fake XMLHttpRequest saw: where it went and the form it carried. */
export type FakeUpload = { method: string; url: string; form: FormData };

/**
 * Replaces XMLHttpRequest (used for uploads with progress) with a fake that answers every send with
 * `respond(upload)`; returns the list of uploads it saw.
 */
export function fakeXhr(respond: (upload: FakeUpload) => { status: number; body: unknown }): FakeUpload[] {
  const seen: FakeUpload[] = [];
  class FakeXMLHttpRequest {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      const upload = { method: this.method, url: this.url, form };
      seen.push(upload);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
        const { status, body } = respond(upload);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return seen;
}
