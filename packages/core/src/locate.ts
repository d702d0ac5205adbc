// Where a package finds the contract: inside this repository always generated/ (so a contract change is
// served and checked at once), in an installed package its own copy in contract/, made at pack time. The
// core reads no file itself: the caller hands it a reader (node:fs in the mock and the runner).

/** Reads a file named by a `file:` URL; undefined when it does not exist or cannot be read. */
export type ReadText = (url: string) => string | undefined;

export const REPOSITORY_NAME = 'trading-analytics-api';

/** The URL `levels` folders above a folder's URL (which ends with `/`). */
function parentOf(folderUrl: string, levels: number): string {
  let url = folderUrl.endsWith('/') ? folderUrl : `${folderUrl}/`;
  for (let level = 0; level < levels; level++) url = url.replace(/[^/]+\/$/, '');
  return url;
}

/** Whether a package folder (`packages/<name>/`) sits inside this repository's checkout. */
export function inRepository(packageUrl: string, readText: ReadText): boolean {
  const manifest = readText(`${parentOf(packageUrl, 2)}package.json`);
  if (manifest === undefined) return false;
  try {
    return (JSON.parse(manifest) as { name?: unknown }).name === REPOSITORY_NAME;
  } catch {
    return false;
  }
}

export interface ContractLocation {
  /** The folder holding openapi.json and the workflow files, as a `file:` URL ending with `/`. */
  folderUrl: string;
  /** The bundle's URL. */
  bundleUrl: string;
  inRepository: boolean;
}

/**
 * The contract a package at `packageUrl` serves or checks. Throws, saying what to run, when it is missing.
 */
export function locateContract(
  packageUrl: string,
  readText: ReadText,
  /** How a URL is shown in the error (a file path, in Node). */
  show: (url: string) => string = (url) => url,
): ContractLocation {
  const repository = inRepository(packageUrl, readText);
  const folderUrl = repository ? `${parentOf(packageUrl, 2)}generated/` : `${parentOf(packageUrl, 0)}contract/`;
  const bundleUrl = `${folderUrl}openapi.json`;
  if (readText(bundleUrl) === undefined) {
    throw new Error(
      repository
        ? `The contract ${show(bundleUrl)} does not exist yet; run \`npm run build\` at the repository root.`
        : `The contract ${show(bundleUrl)} is missing from the package; it is copied there when the package is packed (npm pack).`,
    );
  }
  return { folderUrl, bundleUrl, inRepository: repository };
}
