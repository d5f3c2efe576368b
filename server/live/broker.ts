import { EventEmitter } from 'node:events';
import type { ServerEventFrame } from '@common/realtime';

export type LiveListener = (room: string, frame: ServerEventFrame) => void;

/**
 * Carries live events from the process that produced them (a request, a job, the webhook processor)
 * to every process holding sockets. In process today; with REDIS_URL (issue 7) an implementation
 * PUBLISHes `{room, frame}` as JSON on one channel and SUBSCRIBEs to it — nothing else changes.
 */
export interface LiveBroker {
  publish(room: string, frame: ServerEventFrame): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: LiveListener): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to this process's sockets. */
export class InProcessBroker implements LiveBroker {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(room: string, frame: ServerEventFrame): Promise<void> {
    this.emitter.emit('frame', room, frame);
  }

  subscribe(listener: LiveListener): () => void {
    this.emitter.on('frame', listener);
    return () => this.emitter.off('frame', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
