export function servePlayground(options?: {
  root?: string;
  port?: number;
  onSent?: (pathname: string, bytes: number) => void;
  crossOrigin?: boolean;
}): Promise<{ url: string; close(): Promise<void> }>;
