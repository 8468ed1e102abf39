// What POST /_emulator/imports takes and answers: a slice of the live network as `castkit import`
// read it (users, channels, casts with their live hashes, follows, reactions), and what was written.
import {
  array,
  custom,
  type Infer,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  SchemaError,
  string,
  union,
} from './schema.js';

const fid = integer({ min: 1, message: (f) => `${f} must be a positive integer (a fid)` });
/** Unix ms. */
const time = integer({ min: 0, message: (f) => `${f} must be a time in unix ms` });
const castHash = custom<string>((v, field) => {
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v))
    throw new SchemaError(field, `${field} must be a 0x-prefixed 20-byte hex cast hash`);
  return v.toLowerCase();
});
const text = optional(string());

export const importedUser = object({
  fid,
  username: optional(nullable(string())),
  display_name: text,
  pfp_url: text,
  bio: text,
  url: text,
});

export const importedChannel = object({
  id: string({ nonEmpty: true }),
  url: string({ nonEmpty: true }),
  name: string(),
  description: text,
  image_url: optional(nullable(string())),
  lead_fid: optional(nullable(fid)),
  created_at: time,
  /** Imported users who are members (the lead is the owner). */
  member_fids: optional(array(fid)),
  /** Imported users who follow it. */
  follower_fids: optional(array(fid)),
});

/** Bytes: UTF-8 offsets into the text as shown, the API's mentioned_profiles_ranges. */
const offset = integer({ min: 0, message: (f) => `${f} must be a UTF-8 byte offset into the text` });
const mention = object({ fid, start: offset, end: offset });

const embed = union(object({ url: string() }), object({ cast_id: object({ fid, hash: castHash }) }));

export const importedCast = object({
  /** Its hash on the live network: the alias it keeps answering to. */
  hash: castHash,
  fid,
  text: string(),
  timestamp: time,
  parent_hash: optional(nullable(castHash)),
  parent_fid: optional(nullable(fid)),
  parent_url: optional(nullable(string())),
  embeds: optional(array(embed)),
  /** Who the shown text mentions, and where ("@name" in it); signed as protocol mentions. */
  mentions: optional(array(mention)),
});

export const importedFollow = object({ fid, target_fid: fid });

export const importedReaction = object({
  fid,
  type: oneOf(['like', 'recast']),
  /** The live hash of an imported cast. */
  target_hash: castHash,
});

export const importSlice = object({
  users: optional(array(importedUser)),
  channels: optional(array(importedChannel)),
  casts: optional(array(importedCast)),
  follows: optional(array(importedFollow)),
  reactions: optional(array(importedReaction)),
});

export type ImportSlice = Infer<typeof importSlice>;

const count = integer();

export const importReport = object({
  /** New here: what this slice added. */
  users: count,
  channels: count,
  casts: count,
  follows: count,
  reactions: count,
  /** Already imported before (a second run, a resume): left as they are. */
  unchanged: count,
  /** Left out: a cast, follow or reaction whose author, target or parent is not here. */
  left_out: count,
  /** Mentions of users not imported: they stay "@name" in the cast's text, as plain text. */
  plain_mentions: count,
  /** Seeded users that gave their username to an imported user, and the name they have now. */
  moved_aside: array(object({ fid, username: string(), now: string() })),
  /**
   * Local users that held an imported fid and moved to a free one (`to`), whole: their profile,
   * managed signers, casts (their old hashes kept as aliases), follows, reactions, verifications,
   * channels and mutes/blocks, and what others hold of them (follows of them, replies to and quotes
   * of their casts at every depth, reactions to those, mentions of them); `username` is the one
   * they had there (they may take another when the imported user wants it, see moved_aside).
   */
  moved_fids: array(
    object({
      fid,
      to: fid,
      username: nullable(string()),
      casts: count,
      follows: count,
      /** Others' follows of it, moved to its new fid. */
      followers: count,
      reactions: count,
      signers: count,
      /** Others' casts signed again: replies to and quotes of its casts (every depth), mentions of it. */
      others_casts: count,
      /** Others' reactions to the casts signed again, now on their new hashes. */
      others_reactions: count,
      verifications: count,
      /** Channel memberships, roles kept. */
      channels: count,
      channel_follows: count,
      /** Mutes and blocks by or of it, and an app ban. */
      moderation: count,
    }),
  ),
});

export type ImportReport = Infer<typeof importReport>;
