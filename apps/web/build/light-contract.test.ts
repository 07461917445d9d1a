import * as contract from '@factoring/domain/contract';
import { idSchema } from '@factoring/domain/contract/schemas';
import { describe, expect, it } from 'vitest';
import { literal, lightModule, lightOperation } from './light-contract.ts';

/** Evaluates generated module text as the browser would. */
const evaluate = (code: string) =>
  import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`) as Promise<Record<string, unknown>>;

describe('the contract as the browser gets it', () => {
  it('keeps of an operation only what the client reads, and a file answer', () => {
    expect(lightOperation(contract.authApi.login)).toEqual({ method: 'POST', path: '/api/login', tag: 'auth', bodyType: 'form' });
    expect(lightOperation(contract.uploadsApi.file)).toMatchObject({ method: 'GET', answer: { binary: expect.anything() } });
  });

  it('writes plain constants as literals and leaves out schemas, functions and class instances', () => {
    expect(literal({ a: [1, 'x', null, true], b: /^1\d{10}$/u })).toBe('{"a":[1,"x",null,true],"b":/^1\\d{10}$/u}');
    expect(literal(idSchema('库存'))).toBeUndefined();
    expect(literal({ rule: idSchema('库存') })).toBeUndefined();
    expect(literal(() => 1)).toBeUndefined();
    expect(literal(new Date(0))).toBeUndefined();
  });

  it('gives every area of the real contract the same operations, without a schema', async () => {
    const light = await evaluate(lightModule(contract as Record<string, unknown>));
    const groups = Object.entries(contract).filter(([name]) => name.endsWith('Api'));
    expect(groups.length).toBeGreaterThan(20);
    for (const [name, group] of groups) {
      const reduced = light[name] as Record<string, Record<string, unknown>>;
      expect(Object.keys(reduced), name).toEqual(Object.keys(group as object));
      for (const [key, operation] of Object.entries(group as Record<string, contract.Endpoint>)) {
        const { method, path, tag, bodyType } = operation;
        expect(reduced[key], `${name}.${key}`).toMatchObject({ method, path, tag, ...(bodyType ? { bodyType } : {}) });
        expect(reduced[key], `${name}.${key}`).not.toHaveProperty('body');
        expect(reduced[key], `${name}.${key}`).not.toHaveProperty('query');
      }
    }
    expect(light.CLOUD_LOAN_MAX_TERM).toBe(contract.CLOUD_LOAN_MAX_TERM);
    expect(light.MOBILE_PATTERN).toEqual(contract.MOBILE_PATTERN);
    expect(light).not.toHaveProperty('pledgeApplyBody');
  });
});
