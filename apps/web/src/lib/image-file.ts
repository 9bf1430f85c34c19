// What a picked file really is, by its first bytes: a text file renamed '.png' says 'image/png'
// as its type, but its bytes do not start like any picture. The server decodes it anyway.

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The raster formats the server takes for an avatar: PNG, JPEG, GIF, WebP and AVIF. */
export function hasImageSignature(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, ascii('GIF87a')) ||
    startsWith(bytes, ascii('GIF89a')) ||
    (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) ||
    (startsWith(bytes, ascii('ftyp'), 4) &&
      (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8)))
  );
}

/** The first bytes of a file (FileReader: it reads a Blob in every browser and in the tests). */
function readHead(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** Whether the file's bytes are a picture the server would take. */
export async function isImageFile(file: Blob): Promise<boolean> {
  return hasImageSignature(await readHead(file, 16));
}
