import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEST_TMP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp/test');
export const PGLITE_TEMPLATE = path.join(TEST_TMP, 'pglite-template.tar.gz');
/** Databases of one test run share this prefix, so concurrent runs on one server never touch each other's. */
export const PG_TEST_PREFIX = 'switchboard_test_';
export const pgTemplateName = (runId: string) => `${PG_TEST_PREFIX}${runId}_template`;
