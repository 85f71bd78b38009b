/**
 * Where a JSON text first breaks the grammar (RFC 8259), found by reading it, not by quoting the
 * runtime's message: V8's `JSON.parse` messages quote the text around the error, and a token
 * store file holds tokens. The offset is the text's length when the text ends too early, and
 * undefined when the text is valid JSON or too deeply nested to walk.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = (): never => {
    // A number is thrown, caught below: the only way out of the nested readers.
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw at;
  };
  const space = () => {
    while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  };
  const number = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const readString = () => {
    at++;
    for (;;) {
      if (at >= text.length) fail();
      const char = text[at]!;
      if (char === '"') {
        at++;
        return;
      }
      if (char === '\\') {
        at++;
        const escape = text[at];
        if (escape !== undefined && '"\\/bfnrt'.includes(escape)) at++;
        else if (escape === 'u') {
          at++;
          for (let digit = 0; digit < 4; digit++, at++) if (!/[0-9A-Fa-f]/.test(text[at] ?? '')) fail();
        } else fail();
      } else if (char.charCodeAt(0) < 0x20) fail();
      else at++;
    }
  };
  const readValue = (): void => {
    space();
    const char = text[at];
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      at++;
      space();
      if (text[at] === close) {
        at++;
        return;
      }
      for (;;) {
        if (close === '}') {
          space();
          if (text[at] !== '"') fail();
          readString();
          space();
          if (text[at] !== ':') fail();
          at++;
        }
        readValue();
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === close) {
          at++;
          return;
        }
        fail();
      }
    }
    if (char === '"') return readString();
    number.lastIndex = at;
    const digits = number.exec(text);
    if (digits) {
      at += digits[0].length;
      return;
    }
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return;
      }
    }
    fail();
  };
  try {
    readValue();
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (error) {
    // A stack overflow (a text nested thousands deep) leaves the place unknown.
    return typeof error === 'number' ? Math.min(error, text.length) : undefined;
  }
}

/** Line and column (both from 1) of an offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line++;
    start = index + 1;
  }
  return { line, column: offset - start + 1 };
}
