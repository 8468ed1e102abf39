// Numeric protocol enums, mirrored here so stores and routes read without importing the whole core.
export const MessageType = {
  CastAdd: 1,
  CastRemove: 2,
  ReactionAdd: 3,
  ReactionRemove: 4,
  LinkAdd: 5,
  LinkRemove: 6,
  VerificationAdd: 7,
  VerificationRemove: 8,
  UserDataAdd: 11,
  UsernameProof: 12,
  FrameAction: 13,
} as const;

export const ReactionType = { Like: 1, Recast: 2 } as const;

export const UserDataType = {
  Pfp: 1,
  Display: 2,
  Bio: 3,
  Url: 5,
  Username: 6,
  Location: 7,
  Twitter: 8,
  Github: 9,
  Banner: 10,
  PrimaryAddressEthereum: 11,
  PrimaryAddressSolana: 12,
} as const;

export const HubEventType = {
  MergeMessage: 1,
  PruneMessage: 2,
  RevokeMessage: 3,
  MergeUsernameProof: 6,
  MergeOnChainEvent: 9,
} as const;

/** Events of the log that are no hub event (the hub's reads leave them out): a fungible trade. */
export const LocalEventType = { Trade: 1000 } as const;

export const OnChainEventType = { Signer: 1, SignerMigrated: 2, IdRegister: 3, StorageRent: 4 } as const;
