export interface ActionSource {
  repository: string;
  ref: string;
}
export declare function actionSource(where: { actionPath: string; repository?: string; ref?: string }): ActionSource | undefined;
export declare function releaseTag(source: ActionSource | undefined, version: string): { tag: string } | { reason: string };
export declare function downloadReleaseCli(options: {
  serverUrl: string;
  repository: string;
  tag: string;
  folder: string;
}): Promise<{ cli: string } | { reason: string; warning?: boolean }>;
