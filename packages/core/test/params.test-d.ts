import { describe, expectTypeOf, it } from 'vitest';
import { idsParam, numberParam, stringParam, type ParamSpec } from '../src/index';

describe('parameter specs', () => {
  it('take a plain string as data, and every other kind (or a string with rules) from its kind', () => {
    expectTypeOf({ type: 'string', in: 'query', required: true } as const).toExtend<ParamSpec>();
    expectTypeOf({ type: numberParam, in: 'query', min: 1, max: 100, integer: true } as const).toExtend<ParamSpec>();
    expectTypeOf({ type: stringParam, in: 'body', maxLength: 500 } as const).toExtend<ParamSpec>();
    expectTypeOf({ type: idsParam, in: 'query', chunk: 100 } as const).toExtend<ParamSpec>();
  });

  it('refuse a kind without its check, so that no rule goes unchecked', () => {
    // @ts-expect-error a number is not a plain string: it needs numberParam
    const number: ParamSpec = { type: 'number', in: 'query' };
    // @ts-expect-error a string with a rule needs stringParam
    const limited: ParamSpec = { type: 'string', in: 'body', maxLength: 500 };
    expectTypeOf(number).toEqualTypeOf<ParamSpec>();
    expectTypeOf(limited).toEqualTypeOf<ParamSpec>();
  });
});
