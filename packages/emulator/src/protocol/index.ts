// `@castkit/emulator/protocol`: Farcaster messages built, signed, validated and committed against a
// store. Its types are @farcaster/core's Message and MessageData, whose declarations pull in viem's
// (hundreds of files) and name packages @farcaster/core does not install: kept off the main entry so
// a program importing only `@castkit/emulator` type-checks without them, skipLibCheck or not.
export {
  type Actor,
  actAs,
  type CastAddIntent,
  type EmbedInput,
  type MessageBuilder,
  messageBuilder,
} from './actions.js';
export { signMessageData } from './build.js';
export {
  checkMessage,
  commitMessages,
  type SubmitResult,
  submitMessage,
  submitMessages,
  type ValidatedMessage,
  validateMessages,
} from './submit.js';
export type { DecodedMessage } from './validate.js';
