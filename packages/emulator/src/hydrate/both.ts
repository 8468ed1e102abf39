// The read models build each object as both spec generations declare it (2.44's and 3.x's
// declarations intersected), so one answer is valid for callers of either. `Answered` is that
// intersection as handlers can give it, where the two types cannot simply be intersected:
// - Channel.created_at, declared in shapes no value satisfies (2.44's unix seconds, 3.x's
//   date-time): the object carries 2.44's and the caller's generation decides at the edge
//   (api/generation-shapes.ts, the README's "One answer for both").
// - 3.x's Embed, EmbedDeep and Frame: the spec's anyOf of alternatives, which the SDK types as one
//   object with every alternative's fields (tools/codegen `mergedAnyOf`, as @neynar/nodejs-sdk does),
//   so no embed (a url or a cast, never both) would fit. An answer holds one alternative, as both
//   specs say: each of 2.44's alternatives with its 3.x namesake.
import type {
  Embed as Embed3,
  EmbedCast as EmbedCast3,
  EmbedCastDeep as EmbedCastDeep3,
  EmbedDeep as EmbedDeep3,
  EmbedUrl as EmbedUrl3,
  Frame as Frame3,
  FrameV1 as FrameV1_3,
  FrameV2 as FrameV2_3,
} from '@castkit/sdk';
import type { Channel, EmbedCast, EmbedCastDeep, EmbedUrl, FrameV1, FrameV2 } from '@castkit/sdk/2.x';

/** A channel's created_at until the edge: 2.44's unix seconds, present as 3.x requires it. */
interface ChannelTime {
  created_at: NonNullable<Channel['created_at']>;
}

type EmbedOfBoth = AnsweredFields<EmbedUrl & EmbedUrl3> | AnsweredFields<EmbedCast & EmbedCast3>;
type EmbedDeepOfBoth = AnsweredFields<EmbedUrl & EmbedUrl3> | AnsweredFields<EmbedCastDeep & EmbedCastDeep3>;
type FrameOfBoth = AnsweredFields<FrameV1 & FrameV1_3> | AnsweredFields<FrameV2 & FrameV2_3>;

/**
 * A response type (or one object of it) as handlers answer it: every field as given, except those
 * above, the channels' created_at as 2.44's and 3.x's merged alternatives as alternatives.
 */
export type Answered<T> = T extends { object: 'channel' }
  ? Omit<AnsweredFields<T>, 'created_at'> & ChannelTime
  : T extends EmbedDeep3
    ? EmbedDeepOfBoth
    : T extends Embed3
      ? EmbedOfBoth
      : T extends Frame3
        ? FrameOfBoth
        : T extends readonly unknown[]
          ? Answered<T[number]>[]
          : T extends object
            ? AnsweredFields<T>
            : T;

type AnsweredFields<T> = { [K in keyof T]: Answered<T[K]> };

/** One object as both generations declare it (`A` 2.44's, `B` 3.x's), as handlers answer it. */
export type OfBoth<A, B> = Answered<A & B>;
