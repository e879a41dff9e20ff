import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/**
 * A reversi engine spoken to over GTP (the Go Text Protocol as Othello programs use it: `play black d3`,
 * `genmove white`, answers `= D3` or `= PASS`, each answer ended by a blank line). Egaroucid's console speaks
 * it with `-gtp`.
 */
export class GtpEngine {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiting: ((answer: string) => void) | null = null;

  constructor(command: string, args: readonly string[]) {
    this.child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.deliver();
    });
    // Egaroucid logs to stderr; drain it so the pipe never fills.
    this.child.stderr.resume();
  }

  private deliver(): void {
    const end = this.buffer.indexOf('\n\n');
    if (end < 0 || !this.waiting) return;
    const answer = this.buffer.slice(0, end).trim();
    this.buffer = this.buffer.slice(end + 2);
    const resolve = this.waiting;
    this.waiting = null;
    resolve(answer);
  }

  /** Sends one command and resolves with its answer's text after the `=`; rejects on a `?` error answer. */
  async send(command: string): Promise<string> {
    const answer = await new Promise<string>((resolve, reject) => {
      this.waiting = resolve;
      this.child.once('exit', (code) => reject(new Error(`engine exited (${code}) during "${command}"`)));
      this.child.stdin.write(`${command}\n`);
      this.deliver();
    });
    this.child.removeAllListeners('exit');
    if (answer.startsWith('?')) throw new Error(`engine refused "${command}": ${answer}`);
    return answer.replace(/^=\d*\s*/, '');
  }

  /** Ends the engine process. */
  async quit(): Promise<void> {
    await this.send('quit').catch(() => undefined);
    this.child.kill();
  }
}
