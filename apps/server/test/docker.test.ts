import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables } from '../src/config.ts';
import { repoRoot } from '../src/paths.ts';

const read = (file: string) => readFile(path.join(repoRoot, file), 'utf8');

interface Service {
  image?: string;
  build?: { dockerfile_inline?: string };
  environment?: Record<string, string>;
}

/** Workspace packages by name: the folder holding each package.json that pnpm-workspace.yaml's globs match. */
async function workspacePackages(): Promise<Map<string, string>> {
  const { packages: globs } = parse(await read('pnpm-workspace.yaml')) as { packages: string[] };
  const dirs = (
    await Promise.all(
      globs.map(async (glob) =>
        glob.endsWith('/*')
          ? (await readdir(path.join(repoRoot, glob.slice(0, -2)), { withFileTypes: true }))
              .filter((e) => e.isDirectory())
              .map((e) => `${glob.slice(0, -2)}/${e.name}`)
          : [glob],
      ),
    )
  ).flat();
  const found = new Map<string, string>();
  for (const dir of dirs) {
    const manifest = await read(`${dir}/package.json`).catch(() => undefined);
    if (manifest) found.set((JSON.parse(manifest) as { name: string }).name, dir);
  }
  return found;
}

/** The package.json of the web app, the server and every workspace package they depend on: the image's install. */
async function imageManifests(): Promise<string[]> {
  const packages = await workspacePackages();
  const needed = new Set<string>();
  const visit = async (dir: string) => {
    if (needed.has(dir)) return;
    needed.add(dir);
    const manifest = JSON.parse(await read(`${dir}/package.json`)) as Record<string, Record<string, string>>;
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const [name, version] of Object.entries(manifest[field] ?? {})) {
        if (version.startsWith('workspace:')) await visit(packages.get(name)!);
      }
    }
  };
  await visit('apps/server');
  await visit('apps/web');
  return [...needed].map((dir) => `${dir}/package.json`);
}

/** Docker images named with a fixed version: a tag that is neither missing nor `latest`. */
const pinned = (image: string) => /^[\w./-]+:(?!latest$)[\w.-]+$/.test(image);

// No Docker engine runs here, so the compose file is checked the way compose would read it.
describe('docker/compose.yaml and docker/Dockerfile', () => {
  it('should pass the app only variables that config.ts reads', async () => {
    const compose = parse(await read('docker/compose.yaml')) as { services: Record<string, Service> };
    const passed = Object.keys(compose.services.app?.environment ?? {});
    expect(passed.length).toBeGreaterThan(10);
    expect(passed.filter((name) => !configVariables.includes(name))).toEqual([]);
    expect(passed).toEqual(expect.arrayContaining(['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'SESSION_SECRET']));
  });

  it('should pin every image it pulls, in compose and in the Dockerfiles', async () => {
    const compose = parse(await read('docker/compose.yaml')) as { services: Record<string, Service> };
    const dockerfiles = [
      await read('docker/Dockerfile'),
      ...Object.values(compose.services).map((s) => s.build?.dockerfile_inline ?? ''),
    ];
    const fromImages = dockerfiles
      .flatMap((text) => [...text.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]!))
      .filter((image) => !/^[a-z]+$/.test(image)); // earlier build stages
    const images = [
      ...Object.values(compose.services)
        .filter((s) => !s.build)
        .map((s) => s.image ?? ''),
      ...fromImages,
    ];
    expect(images.length).toBeGreaterThan(3);
    expect(images.filter((image) => !pinned(image))).toEqual([]);
  });

  it('should ask for every required secret in the README recipe, generated rather than quoted', async () => {
    const compose = await read('docker/compose.yaml');
    const required = [...new Set([...compose.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]!))];
    const readme = await read('README.md');
    const recipe = /```sh\n(cat > docker\/\.env <<ENV\n[\s\S]*?\nENV)\n/.exec(readme)?.[1];
    expect(recipe, 'an unquoted heredoc writing docker/.env in the README').toBeDefined();
    const set = new Set([...recipe!.matchAll(/^(\w+)=/gm)].map((m) => m[1]!));
    expect(required.filter((name) => !set.has(name))).toEqual([]);
    expect(recipe).toMatch(/^SESSION_SECRET=\$\(openssl rand -base64 48\)$/m);
  });

  it('should check readiness at the configured port and start the compiled server', async () => {
    const dockerfile = await read('docker/Dockerfile');
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*process\.env\.PORT[\s\S]*\/api\/ready/);
    expect(dockerfile).toMatch(/^CMD \["node", .*"apps\/server\/dist\/main\.js"\]$/m);
    // Manifests are copied and installed before the sources, so code changes reuse the install layer.
    const install = dockerfile.indexOf('pnpm install --frozen-lockfile');
    expect(install).toBeGreaterThan(dockerfile.indexOf('COPY apps/server/package.json'));
    expect(install).toBeLessThan(dockerfile.indexOf('COPY . .'));
  });

  it('should copy every file the install reads before it runs', async () => {
    const dockerfile = await read('docker/Dockerfile');
    const beforeInstall = dockerfile.slice(0, dockerfile.indexOf('pnpm install --frozen-lockfile'));
    const copied = [...beforeInstall.matchAll(/^COPY\s+(?!--from)(.+)\s+\S+$/gm)].flatMap((m) =>
      m[1]!.split(/\s+/),
    );
    const workspace = parse(await read('pnpm-workspace.yaml')) as {
      patchedDependencies?: Record<string, string>;
    };
    const patches = Object.values(workspace.patchedDependencies ?? {});
    expect(patches.length).toBeGreaterThan(0);
    const manifests = await imageManifests();
    expect(manifests).toEqual(
      expect.arrayContaining(['apps/server/package.json', 'packages/contract/package.json']),
    );
    const needed = ['package.json', 'pnpm-lock.yaml', 'pnpm-workspace.yaml', ...patches, ...manifests];
    const isCopied = (file: string) =>
      copied.some((source) => source === file || (source.endsWith('/') && file.startsWith(source)));
    expect(needed.filter((file) => !isCopied(file))).toEqual([]);
  });
});
