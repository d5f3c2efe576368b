import { EventBus } from '../events/bus';

/**
 * Test-only, imported before server/main.ts: the process kills itself (SIGKILL, no clean-up) the first
 * time it is about to dispatch a `message.created` event — after the transaction that recorded it has
 * committed, before any subscriber has it. What a crash between commit and dispatch leaves behind.
 */
const publish = EventBus.prototype.publish;
EventBus.prototype.publish = function publishOrDie(this: EventBus, recorded) {
  if (recorded?.events.some((event) => event.kind === 'message.created')) {
    process.kill(process.pid, 'SIGKILL');
    return;
  }
  publish.call(this, recorded);
};
