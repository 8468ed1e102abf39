// The events core shared by webhooks, realtime and the console: hub events as webhook-style
// events, filters, and the post-commit wake-up.

export { onEventsAppended } from '../store/commit-signal.js';
export {
  type CastFilter,
  type CompiledFilter,
  compileFilter,
  compileFilters,
  type EventFilter,
  type Filters,
  matchesFilters,
  validateFilter,
  validateFilters,
} from './filters.js';
export { eventsAfter, latestEventId } from './log.js';
export { compileFilterRegex } from './regex.js';
export { translateHubEvent } from './translate.js';
export {
  type EmulatorEvent,
  EVENT_TYPES,
  type EventBody,
  type EventType,
  eventBody,
  isEventType,
} from './types.js';
