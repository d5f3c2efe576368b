import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';

/** Files live under DATA_DIR/media/<account>/<media id>; a shared volume when several processes run. */
export function mediaPath(env: Env, storageKey: string): string {
  const resolved = path.resolve(env.dataDir, 'media', storageKey);
  if (!resolved.startsWith(path.resolve(env.dataDir, 'media') + path.sep))
    throw new Error('Invalid media key');
  return resolved;
}

export async function storeMediaFile(
  env: Env,
  accountId: string,
  mediaId: string,
  data: Buffer,
): Promise<string> {
  const key = `${accountId}/${mediaId}`;
  const file = mediaPath(env, key);
  await mkdir(path.dirname(file), { recursive: true });
  // Write then rename, so a crash never leaves a half-written file under the final name.
  await writeFile(`${file}.part`, data);
  await rename(`${file}.part`, file);
  return key;
}
