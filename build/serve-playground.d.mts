export function servePlayground(options?: {
  root?: string;
  port?: number;
  onSent?: (pathname: string, bytes: number) => void;
}): Promise<{ url: string; close(): Promise<void> }>;
