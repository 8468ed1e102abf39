// A signer for the app, signed with the app's custody account, approved, then used to cast.
// Needs `viem` installed for the mnemonic (an optional peer dependency of @castkit/sdk).
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { apiKey, baseUrl } from './support/server.js';

// The emulator's DEV_MNEMONIC: public, the custody of its seeded app alice (fid 1). Local use only;
// against the real API, your app's own custody mnemonic.
const mnemonic =
  process.env.FARCASTER_DEVELOPER_MNEMONIC ?? 'test test test test test test test test test test test junk';

const client = new NeynarAPIClient({ apiKey, baseUrl });

const signer = await client.createSignerAndRegisterSignedKey({ farcasterDeveloperMnemonic: mnemonic });
console.log(`created signer ${signer.signer_uuid}: ${signer.status}`);
console.log(`the user approves at ${signer.signer_approval_url}`);

// On the emulator, opening the approval URL with ?fid= approves as that user (here bob, fid 2);
// on the real API the user approves in their Farcaster client.
if (signer.signer_approval_url?.includes('/_emulator/')) {
  const approval = new URL(signer.signer_approval_url);
  approval.searchParams.set('fid', '2');
  const answer = await fetch(approval);
  if (!answer.ok) throw new Error(`approval failed: ${answer.status} ${await answer.text()}`);
}

const approved = await client.lookupSigner({ signerUuid: signer.signer_uuid });
console.log(`signer ${approved.signer_uuid} is ${approved.status} for fid ${approved.fid}`);

if (approved.status === 'approved') {
  const { cast } = await client.publishCast({
    signerUuid: approved.signer_uuid,
    text: 'gm from a new signer',
  });
  console.log(`published cast ${cast.hash} as fid ${cast.author.fid}`);
}
