export declare const ICON_SIZE: number;
/** The icon as RGBA bytes, row by row. */
export declare function drawIcon(size?: number): Uint8Array;
/** A PNG file of RGBA pixels. */
export declare function encodePng(width: number, height: number, rgba: Uint8Array): Buffer;
