import type { TalkConfig } from '~/config.server';
import { useMessageProvider } from '~/services/message-provider.server';
import type { MessageProvider } from '~/services/talk/provider-types.server';
import { createSolapiProvider } from '~/services/talk/solapi.server';
import { startSolapiSimulator } from '../../server/solapi-simulator.mjs';
import { CONTROL_TOKEN_HEADER } from '../../server/simulator-server.mjs';

/** The simulator's scripted outcomes (server/solapi-simulator.mjs). */
export type Outcome = 'deliver' | 'template' | 'number' | 'nokakao' | 'carrier' | 'transient' | 'pending' | 'timeout';

export type SolapiCalls = {
  sendMany: number;
  list: number;
  unauthorized: number;
  failedRequests: number;
  received: Record<string, number>;
};

export type SolapiSimulatorOptions = {
  /** How long the carrier takes to report (ms); 0: at once. */
  processDelayMs?: number;
  /** How late a 'timeout' script's answer comes (ms). */
  timeoutDelayMs?: number;
  /** The adapter's timeout (ms). Default 10 s. */
  timeoutMs?: number;
  webhookUrl?: string;
};

export type SolapiSimulator = Awaited<ReturnType<typeof startSolapi>>;

/**
 * Starts the Solapi simulator on a port of its own with fresh keys and installs, as the app's message provider, the
 * real adapter pointed at it. close() stops it and puts the previous provider back.
 */
export async function startSolapi(options: SolapiSimulatorOptions = {}) {
  const keys = {
    apiKey: `NCSTEST${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    apiSecret: `test-secret-${Math.random().toString(36).slice(2)}`,
    pfId: 'KA01PF_TEST',
    sender: '0212345678',
  };
  // The control pages open to this token only (server/simulator-server.mjs).
  const controlToken = `control-${Math.random().toString(36).slice(2)}`;
  const control = { [CONTROL_TOKEN_HEADER]: controlToken };
  const simulator = await startSolapiSimulator({
    port: 0,
    controlToken,
    ...keys,
    webhookUrl: options.webhookUrl,
    processDelayMs: options.processDelayMs,
    timeoutDelayMs: options.timeoutDelayMs,
  });
  const config: TalkConfig = { provider: 'simulator', ...keys, baseUrl: simulator.url };
  const provider = createSolapiProvider(config, { timeoutMs: options.timeoutMs });
  const previous = useMessageProvider(provider);
  const post = (path: string, body: unknown) =>
    fetch(`${simulator.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...control },
      body: JSON.stringify(body),
    });

  return {
    url: simulator.url,
    /** The header that opens the control pages. */
    control,
    config,
    provider: provider as MessageProvider,
    state: simulator.state,
    async calls(): Promise<SolapiCalls> {
      return (await fetch(`${simulator.url}/__control/calls`, { headers: control })).json() as Promise<SolapiCalls>;
    },
    /** How many times the provider accepted the row `id` (0 when never). */
    async received(id: number): Promise<number> {
      return (await this.calls()).received[String(id)] ?? 0;
    },
    /** The next `times` messages (every one, without it) to that number or template end with `outcome`. */
    async script(target: { to?: string; templateId?: string }, outcome: Outcome, times?: number) {
      const response = await post('/__control/scripts', { ...target, outcome, times });
      if (!response.ok) throw new Error(`script refused: ${await response.text()}`);
    },
    /** The next `count` send requests answer a server error and register nothing. */
    async failRequests(count: number, status = 500) {
      await post('/__control/fail-requests', { count, status });
    },
    /** The carrier's report for waiting messages (3000) of a number or id. */
    async settle(target: { to?: string; messageId?: string }, statusCode = '4000'): Promise<string[]> {
      return ((await (await post('/__control/settle', { ...target, statusCode })).json()) as { settled: string[] }).settled;
    },
    /** The delivery reports the simulator made (what it posts to a webhook). */
    async reports(): Promise<{ body: unknown[] }[]> {
      return (await fetch(`${simulator.url}/__control/reports`, { headers: control })).json() as Promise<{ body: unknown[] }[]>;
    },
    async reset() {
      await post('/__control/reset', {});
    },
    async close() {
      useMessageProvider(previous);
      await simulator.close();
    },
  };
}
