// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createClients } from '../src/api/clients';
import type { ConsoleEnv } from '../src/api/env';
import { EnvBadge } from '../src/shell/EnvBadge';
import { StaticEnvProvider } from '../src/shell/env-context';

afterEach(cleanup);

const withEnv = (env: ConsoleEnv) =>
  render(
    <StaticEnvProvider value={{ env, clients: createClients(env, 'http://localhost:3000'), status: 'ready' }}>
      <EnvBadge />
    </StaticEnvProvider>,
  );

describe('the environment badge', () => {
  it('names the local emulator', () => {
    withEnv({ environment: 'emulator', apiKey: 'castkit-dev-key' });
    expect(screen.getByTestId('env-badge').textContent).toBe('Environment: Local emulator');
  });

  it('names the upstream the dev server proxies to', () => {
    withEnv({ environment: 'upstream', upstream: 'https://api.neynar.com', apiKey: 'a-per-process-token' });
    expect(screen.getByTestId('env-badge').textContent).toBe('Environment: Upstream https://api.neynar.com');
  });

  it('says so when the environment cannot be loaded', () => {
    render(
      <StaticEnvProvider
        value={{ env: undefined, clients: undefined, status: 'error', error: new Error('502') }}
      >
        <EnvBadge />
      </StaticEnvProvider>,
    );
    expect(screen.getByText('Environment unavailable')).toBeTruthy();
  });
});

describe('the SDK clients of the console', () => {
  it('talk to the serving origin only, with the key the server handed out', () => {
    const clients = createClients(
      { environment: 'upstream', apiKey: 'a-per-process-token' },
      'http://localhost:3000',
    );
    expect(clients.v2.baseUrl).toBe('http://localhost:3000/v2');
    expect(clients.hub.baseUrl).toBe('http://localhost:3000');
    expect(clients.apiKey).toBe('a-per-process-token');
  });
});
