// @vitest-environment jsdom
// The generated form over every operation of both APIs in both SDK generations (3.x, 2.44):
// generated values build a valid request,
// a missing required value shows the SDK's RequiredError message, enums render as selects.
import { allOperations as operations3, type ParamSpec, RequiredError } from '@castkit/sdk';
import { allOperations as operations244 } from '@castkit/sdk/2.x';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fullPath, generationOf, operationKey } from '../src/api/catalog';
import { generationLabel } from '../src/api/generation';
import { fieldId } from '../src/explorer/fields/Field';
import { renderBuilder } from './support/render';
import { sampleFill } from './support/sample-values';

afterEach(cleanup);

function fill(p: ParamSpec) {
  const el = document.getElementById(fieldId(p));
  if (!el) throw new Error(`no input for ${p.name}`);
  const f = sampleFill(p);
  if (f.kind === 'toggle') fireEvent.click(el);
  // Token inputs take a pasted "a,b" as two tokens, like any other change.
  else fireEvent.change(el, { target: { value: f.value } });
}

// By its text rather than its role: a role query computes every button's accessible name and
// walks each one's styles for visibility, about half of this file's 752 tests' time.
const send = () => fireEvent.click(screen.getByText('Send request', { selector: 'button' }));

const every = [...operations3, ...operations244];
describe.each(every.map((op) => [`${generationLabel(generationOf(op))} ${operationKey(op)}`, op] as const))(
  '%s',
  (_key, op) => {
    it('builds a valid request from generated values in every field', () => {
      const { sent } = renderBuilder(op);
      for (const p of op.params) fill(p);
      send();
      // hidden: true skips the visibility walk and also finds a hidden alert, so this is stricter.
      expect(screen.queryByRole('alert', { hidden: true })).toBeNull();
      expect(sent).toHaveLength(1);
      const { request } = sent[0]!;
      const url = new URL(request.url);
      expect(request.method).toBe(op.method);
      // The path as the generation sends it (3.x's from the root, trailing slash kept), path params filled.
      const path = fullPath(op)
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+');
      expect(url.pathname).toMatch(new RegExp(`^${path}$`));
      // The key, unless the operation takes an `x-api-key` header of its own (3.x's createX402Signature).
      const ownKey = op.params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-api-key');
      if (!ownKey) expect(request.headers['x-api-key']).toBe('castkit-dev-key');
      for (const p of op.params) {
        if (p.in === 'query') expect(url.searchParams.get(p.name), p.name).not.toBeNull();
        if (p.in === 'header') expect(request.headers[p.name.toLowerCase()], p.name).toBeDefined();
      }
      const bodyParams = op.params.filter((p) => p.in === 'body');
      if (op.body?.kind === 'json') {
        const body = JSON.parse(request.body as string);
        // A whole-body parameter is the body itself, not a field of it.
        for (const p of bodyParams.filter((x) => !x.whole)) expect(body, p.name).toHaveProperty([p.name]);
      } else if (op.body?.kind === 'multipart') {
        expect(request.body).toBeInstanceOf(FormData);
      } else if (op.body?.kind === 'binary') {
        expect([...(request.body as Uint8Array)]).toEqual([0x0a, 0x01]);
      }
      // The preview shows the same request that was sent.
      expect(screen.getByTestId('preview-code').textContent).toContain(
        `curl -X ${op.method} '${request.url}'`,
      );
    });

    // Operations without required (or enum) parameters have nothing to show for the tests below.
    const required = op.params.filter((p) => p.required);
    if (required.length > 0)
      it("shows the SDK's RequiredError message when a required value is missing", () => {
        const { sent } = renderBuilder(op);
        send();
        expect(sent).toHaveLength(0);
        expect(screen.getByRole('alert').textContent).toBe(
          new RequiredError(required[0]!.key, op.name).message,
        );
        expect(document.activeElement?.id).toBe(fieldId(required[0]!));
      });

    const enums = op.params.filter((p) => p.enum?.length);
    if (enums.length > 0)
      it('renders every enum parameter as a select of its values', () => {
        renderBuilder(op);
        for (const p of enums) {
          const select = document.getElementById(fieldId(p)) as HTMLSelectElement;
          expect(select.tagName).toBe('SELECT');
          const options = [...select.options].map((o) => o.value).filter(Boolean);
          expect(options).toEqual(p.enum!.map(String));
        }
      });
  },
);
