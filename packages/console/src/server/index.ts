// Node-side helpers of the console, for the CLI's dev server and the console's own dev script.
export {
  type ConsoleHandlerOptions,
  consoleHandler,
  defaultDistDir,
  type RequestHandler,
} from './console-handler.js';
export { ENV_PATH, type EnvInfo, envHandler } from './env-handler.js';
export { consoleRoutes } from './routes.js';
