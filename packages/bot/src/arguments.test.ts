import { describe, expect, it } from 'vitest';
import { splitArguments } from './arguments';

describe('splitArguments', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['one two  three', ['one', 'two', 'three']],
    ['say "hello world" now', ['say', 'hello world', 'now']],
    ["say 'hello world'", ['say', 'hello world']],
    ['a"b c"d', ['ab cd']],
    ['"" x', ['', 'x']],
    ['it\\\'s \\"quoted\\"', ["it's", '"quoted"']],
    ["'a \\ b'", ['a \\ b']],
    ['"unclosed quote', ['unclosed quote']],
    ['tab\tand\nnewline', ['tab', 'and', 'newline']],
  ])('%j', (text, words) => {
    expect(splitArguments(text)).toEqual(words);
  });
});
