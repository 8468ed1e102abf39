// An import's progress on stderr: a bar redrawn in place on a terminal, plain lines when piped.
export interface Progress {
  step(done: number, total: number, what: string): void;
  note(line: string): void;
  end(): void;
}

export function progressTo(err: (s: string) => void, stream: NodeJS.WriteStream | undefined): Progress {
  if (stream?.isTTY !== true)
    return {
      step: (done, total, what) => err(`import: ${done}/${total} ${what}`),
      note: (line) => err(`import: ${line}`),
      end() {},
    };
  let drawn = false;
  return {
    step(done, total, what) {
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} ${what}\x1b[K`);
      drawn = true;
    },
    note(line) {
      stream.write(`${drawn ? '\n' : ''}import: ${line}\n`);
      drawn = false;
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
