// Where the emulator knowingly answers differently from the spec's response types: each difference
// is typed here, once, with its reason. Handlers are checked against the spec types with these
// applied (api/dispatch.ts), and the conformance test excuses the same differences by these reasons.
import type { Webhook as Webhook3 } from '@castkit/sdk';
import type { Hub, Webhook } from '@castkit/sdk/2.x';

export const SPEC_DIFFERENCES = {
  hubUserDataTypes:
    'hubs return LOCATION, TWITTER, GITHUB, BANNER and the primary address (ETHEREUM, SOLANA) user data too; the spec enum predates them',
  hubUserNameTypes: 'hubs accept basename proofs (type 3) too; the spec enum predates them',
  v2ZodErrors:
    "buyStorage's spec declares zod's issue list for a 400; the emulator answers every 400 with the ErrorRes body (message, code, property) the rest of the API declares",
  zodErrors3:
    "3.x declares zod's issue list alone for a 400 of buyStorage, getUserBestFriends, simulateNftMint, mintNft and uploadTokenMetadata (its other operations ErrorRes, or either); the emulator answers every 400 with the ErrorRes body (message, code, property), so one error handler reads them all",
  hubLinkTypes: 'hubs keep any link type a message names (up to 8 bytes); the spec enum lists only follow',
  v2WebhookNotDeleted:
    "2.44 requires a webhook's deleted_at as a date-time even when it is not deleted; it is null then, as 3.x declares it",
} as const;

/** SPEC_DIFFERENCES.v2WebhookNotDeleted: webhooks as 3.x declares them, in 2.44's answers too. */
type WebhookField<F> = F extends Webhook ? Webhook3 : F extends readonly Webhook[] ? Webhook3[] : F;

/** A v2 response type with the differences above applied to its fields. */
export type V2Answer<T> = { [K in keyof T]: WebhookField<T[K]> };

/** SPEC_DIFFERENCES.hubUserDataTypes */
export type HubUserDataType =
  | Hub.UserDataType
  | 'USER_DATA_TYPE_LOCATION'
  | 'USER_DATA_TYPE_TWITTER'
  | 'USER_DATA_TYPE_GITHUB'
  | 'USER_DATA_TYPE_BANNER'
  | 'USER_DATA_PRIMARY_ADDRESS_ETHEREUM'
  | 'USER_DATA_PRIMARY_ADDRESS_SOLANA';

/** SPEC_DIFFERENCES.hubUserNameTypes */
export type HubUserNameType = Hub.UserNameType | 'USERNAME_TYPE_BASENAME';

/** SPEC_DIFFERENCES.hubLinkTypes */
export type HubLinkBody = Omit<Hub.LinkBody, 'type'> & { type: string };

export type HubUserDataBody = Omit<Hub.UserDataBody, 'type'> & { type: HubUserDataType };
export type HubUserNameProof = Omit<Hub.UserNameProof, 'type'> & { type: HubUserNameType };

/** A hub response type with the differences above applied wherever they occur in it. */
export type HubAnswer<T> = T extends Hub.UserDataBody
  ? HubUserDataBody
  : T extends Hub.UserNameProof
    ? HubUserNameProof
    : T extends Hub.LinkBody
      ? HubLinkBody
      : T extends readonly (infer U)[]
        ? HubAnswer<U>[]
        : T extends object
          ? { [K in keyof T]: HubAnswer<T[K]> }
          : T;
