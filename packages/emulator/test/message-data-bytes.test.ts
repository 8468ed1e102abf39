import { MessageData } from '@farcaster/core';
import { describe, expect, it } from 'vitest';
import { messageDataBytes, type SeedMessageBody } from '../src/ground/message-data-bytes.js';
import { Prng } from '../src/seed/prng.js';

// The seed's own encoder must make the bytes @farcaster/core makes: a message's hash is of these
// bytes, and hubs, SDKs and the emulator's own reads decode them with @farcaster/core.
const rng = new Prng(7);
const hash = () => rng.bytes(20);
const fid = () => 1 + rng.int(2_000_000);
const texts = ['', 'gm', 'hey  héllo wörld 🌍', 'x'.repeat(300)];

function samples(): [number, SeedMessageBody][] {
  const out: [number, SeedMessageBody][] = [];
  for (let i = 0; i < 40; i++) {
    const text = texts[i % texts.length]!;
    const mentions = i % 3 === 0 ? [fid(), fid()] : [];
    out.push([
      1,
      {
        castAddBody: {
          text,
          mentions,
          mentionsPositions: mentions.map((_, k) => k * 3 + (i % 200)),
          embeds:
            i % 4 === 0
              ? [{ url: `https://example.com/${i}` }]
              : i % 4 === 1
                ? [{ castId: { fid: fid(), hash: hash() } }, { url: 'https://a.example/é' }]
                : [],
          ...(i % 5 === 0 ? { parentCastId: { fid: fid(), hash: hash() } } : {}),
          ...(i % 5 === 1 ? { parentUrl: 'https://warpcast.com/~/channel/dev' } : {}),
        },
      },
    ]);
    out.push([3, { reactionBody: { type: 1 + (i % 2), targetCastId: { fid: fid(), hash: hash() } } }]);
    out.push([3, { reactionBody: { type: 1, targetUrl: `https://warpcast.com/~/channel/c${i}` } }]);
    out.push([11, { userDataBody: { type: 1 + (i % 8), value: text } }]);
    out.push([5, { linkBody: { type: 'follow', targetFid: fid() } }]);
    out.push([
      7,
      {
        verificationAddAddressBody: {
          address: rng.bytes(20),
          claimSignature: rng.bytes(65),
          blockHash: rng.bytes(32),
        },
      },
    ]);
  }
  return out;
}

describe('the seed message encoder', () => {
  it('makes the bytes @farcaster/core makes for every shape the seed writes', () => {
    const all = samples();
    for (const [type, body] of all) {
      const f = fid();
      const timestamp = rng.int(200_000_000);
      const theirs = MessageData.encode({
        type,
        fid: f,
        timestamp,
        network: 1,
        ...('castAddBody' in body
          ? { castAddBody: { type: 0, embedsDeprecated: [], ...body.castAddBody } }
          : 'verificationAddAddressBody' in body
            ? {
                verificationAddAddressBody: {
                  verificationType: 0,
                  chainId: 0,
                  protocol: 0,
                  ...body.verificationAddAddressBody,
                },
              }
            : body),
      } as MessageData).finish();
      expect(Buffer.from(messageDataBytes(type, f, timestamp, body)).toString('hex')).toBe(
        Buffer.from(theirs).toString('hex'),
      );
    }
    expect(all.length).toBe(240);
  });
});
