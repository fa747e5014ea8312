import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ferretdbBinary, ferretdbBuild } from '../../scripts/stack/binaries';

/**
 * The launcher starts only the patched FerretDB (scripts/ferretdb-patch): a binary under its name that prints
 * another version, or was built from another patch, is refused with the command that rebuilds it.
 */
describe('the launcher and the FerretDB build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-ferretdb-launcher-'));
  const { version, commit } = ferretdbBuild();
  const binary = path.join(dir, `ferretdb-${version}`);
  const savedPath = process.env.PATH;
  /** A stand-in binary that prints what `--version` of a FerretDB build prints. */
  const standIn = (printedVersion: string, printedCommit: string) =>
    fs.writeFileSync(binary, `#!/bin/sh\nprintf 'version: %s\\ncommit: %s\\nbranch: unknown\\n' '${printedVersion}' '${printedCommit}'\n`, { mode: 0o755 });

  beforeAll(() => {
    process.env.PATH = `${dir}${path.delimiter}${savedPath}`;
  });
  afterAll(() => {
    process.env.PATH = savedPath;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes the build whose version and commit are the patch folder\'s', () => {
    standIn(version, commit);
    expect(ferretdbBinary()).toBe(binary);
  });

  it('refuses the stock release under the patched name, saying how to rebuild', () => {
    standIn(version.split('-')[0], 'unknown');
    expect(() => ferretdbBinary()).toThrow(/is required, but .* says version v1\.24\.2, commit unknown.*bash scripts\/bootstrap\.sh/);
  });

  it('refuses a build of another patch', () => {
    standIn(version, 'patch-sha256-0000000000000000');
    expect(() => ferretdbBinary()).toThrow(/commit patch-sha256-0000000000000000 \(expected .* commit patch-sha256-[0-9a-f]{16}\).*bash scripts\/bootstrap\.sh/);
  });
});
