// What the client uses of its platform, present in browsers, React Native and Node alike.
// Declared here rather than taking the DOM or Node typings, so that nothing in the SDK
// depends on either (this file is only for the SDK's own build; it is not shipped).
declare function setTimeout(callback: () => void, ms?: number): unknown;
declare function clearTimeout(handle: unknown): void;
declare function setInterval(callback: () => void, ms?: number): unknown;
declare function clearInterval(handle: unknown): void;
declare class TextEncoder {
  encode(input: string): Uint8Array;
}
