export declare const ROOT: string;
export declare function workspaces(root?: string): string[];
export interface RemoteSourceJson {
  name: string;
  displayName: string;
  devPort: number;
  [key: string]: unknown;
}
export declare function remoteSource(app: string, root?: string): RemoteSourceJson;
export declare function remotes(root?: string): string[];
export declare function apps(root?: string): string[];
export declare function webWorkspaces(root?: string): string[];
export declare function federationName(app: string, root?: string): string;
export declare function remoteFolder(name: string, root?: string): string | undefined;
export declare function codeFolders(root?: string): string[];
