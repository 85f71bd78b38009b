/**
 * Splits a command's arguments as a shell does: words apart at whitespace, `"double"` or
 * `'single'` quotes keep spaces inside one argument (and may sit inside a word: `a"b c"` is
 * `ab c`), a backslash makes the next character plain (`\"`, `\ `). An unclosed quote runs to the
 * end of the text. Empty quotes give an empty argument.
 *
 * @example
 * splitArguments('add "hello world" it\\\'s'); // ['add', 'hello world', "it's"]
 */
export function splitArguments(text: string): string[] {
  const words: string[] = [];
  let word = '';
  // A word exists once any character, or a pair of quotes, was seen: `""` is an empty argument.
  let started = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (char === '\\' && index + 1 < text.length && quote !== "'") {
      word += text[++index];
      started = true;
    } else if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (started) words.push(word);
  return words;
}
