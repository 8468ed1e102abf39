// Enums as runtime values under the established SDK's names, members and values.
import { describe, expect, it } from 'vitest';
import * as sdk from '../src/2x/index.js';
import {
  BalanceResponseUserBalanceObjectEnum,
  CastNotificationType,
  CastObjectEnum,
  DeployFungibleMetadataNsfwEnum,
  EmbedType,
  FeedType,
  FetchBulkCastsSortTypeEnum,
  FetchTrendingFeedTimeWindowEnum,
  FilterType,
  HubReactionType,
  MessageType,
  NeynarPageImageAspectRatioEnum,
  OembedLinkDataAllOfTypeEnum,
  ReactionType,
  type SearchedUser,
  SearchedUserObjectEnum,
  SignatureScheme,
  UserNameType,
  UserVerifiedAccountsInnerPlatformEnum,
  VerificationChainId,
} from '../src/2x/index.js';

describe('enums', () => {
  it('are values and types under one name', () => {
    const feed: FeedType = FeedType.Following;
    const filter: FilterType = FilterType.ChannelId;
    expect([feed, filter]).toEqual(['following', 'channel_id']);
    expect(FeedType).toEqual({ Following: 'following', Filter: 'filter' });
  });

  it('follow every naming rule of the established SDK', () => {
    const cases: [unknown, unknown][] = [
      [ReactionType, { Like: 'like', Recast: 'recast' }], // component enum
      [CastObjectEnum, { Cast: 'cast' }], // inline property: <Model><Property>Enum
      [BalanceResponseUserBalanceObjectEnum.UserBalance, 'user_balance'], // inline object: <Model><Property>
      [UserVerifiedAccountsInnerPlatformEnum.Github, 'github'], // array items: <Model><Property>Inner
      [OembedLinkDataAllOfTypeEnum.Link, 'link'], // allOf part: <Model>AllOf
      [FetchBulkCastsSortTypeEnum.Trending, 'trending'], // inline parameter: <OperationId><Param>Enum
      [DeployFungibleMetadataNsfwEnum.True, 'true'], // multipart body field, named after the operation
      [SearchedUserObjectEnum.User, 'user'], // anyOf merged into one model
      [CastNotificationType, { Mention: 'cast-mention', Reply: 'cast-reply' }], // shared prefix dropped
      [MessageType.VerificationAddEthAddress, 'MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS'],
      [SignatureScheme.Ed25519, 'SIGNATURE_SCHEME_ED25519'], // prefix cut at the last separator
      [UserNameType.EnsL1, 'USERNAME_TYPE_ENS_L1'],
      [FetchTrendingFeedTimeWindowEnum._24h, '24h'], // leading digit
      [NeynarPageImageAspectRatioEnum._1911, '1.91:1'],
      [EmbedType.ImageSvgxml, 'image/svg+xml'], // symbols dropped
      [VerificationChainId, { NUMBER_0: 0, NUMBER_1: 1, NUMBER_10: 10 }], // numbers
      [HubReactionType, { Like: 'Like', Recast: 'Recast' }], // the hub's, renamed beside the main API's
    ];
    for (const [actual, expected] of cases) expect(actual).toEqual(expected);
  });

  it('export 94 main-API enums and 12 hub enums', () => {
    // PascalCase names only: SCREAMING_CASE constants (SIGNED_KEY_REQUEST_DOMAIN) are not enums.
    const enums = Object.entries(sdk).filter(
      ([name, v]) =>
        /^[A-Z][a-z]/.test(name) &&
        typeof v === 'object' &&
        v !== null &&
        Object.values(v).every((m) => typeof m === 'string' || typeof m === 'number'),
    );
    expect(enums.length).toBe(94 + 12);
  });

  it('type an anyOf of objects as one object with every member’s fields, as the established SDK does', () => {
    // Checked by `npm run typecheck`: programs written for it read `u.pfp.url` on a SearchedUser.
    const pfpUrl = (u: SearchedUser): string => u.pfp.url;
    const fid = (u: SearchedUser): number => u.fid;
    // @ts-expect-error a plain User lacks ProfileUrl's pfp
    const plain: SearchedUser = { fid: 3, username: 'a' } as sdk.User;
    expect(pfpUrl({ ...plain, pfp: { url: 'https://x/p.png' } })).toBe('https://x/p.png');
    expect(fid(plain)).toBe(3);
  });
});
