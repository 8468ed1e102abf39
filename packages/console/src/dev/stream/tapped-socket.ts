// The browser's WebSocket with every text frame it sends and receives copied to `record`: the SDK's
// realtime client takes a WebSocket class, so the stream screen sees the raw JSON-RPC frames of the
// very connection it reads events from.
import type { WebSocketConstructor } from '@castkit/sdk/realtime';

export type FrameDirection = 'sent' | 'received';

export function tappedWebSocket(record: (direction: FrameDirection, text: string) => void) {
  class TappedWebSocket extends WebSocket {
    constructor(url: string) {
      super(url);
      this.addEventListener('message', (e) => record('received', String(e.data)));
    }
    override send(data: string) {
      record('sent', data);
      super.send(data);
    }
  }
  return TappedWebSocket as unknown as WebSocketConstructor;
}
