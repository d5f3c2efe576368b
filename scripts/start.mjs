// `npm start`: builds the web app when its sources changed, then runs the server in this terminal.
import { buildWeb, run, webBuildIsStale } from './lib.mjs';

if (webBuildIsStale()) {
  console.log('Building the web app…');
  const code = await buildWeb();
  if (code !== 0) process.exit(code);
}
process.exit(await run(process.execPath, ['--import', 'tsx', 'server/main.ts']));
