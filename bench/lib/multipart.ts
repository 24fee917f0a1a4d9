// A multipart/form-data body built by hand: autocannon sends bytes, not FormData.

export interface MultipartField {
  name: string;
  value: string | Buffer;
  /** Present for a file field. */
  filename?: string;
  type?: string;
}

export function multipartBody(boundarySeed: string, fields: readonly MultipartField[]) {
  const boundary = `----blogbench${boundarySeed}`;
  const parts: Buffer[] = [];
  for (const field of fields) {
    const file = field.filename ? `; filename="${field.filename}"\r\nContent-Type: ${field.type}` : '';
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field.name}"${file}\r\n\r\n`));
    parts.push(typeof field.value === 'string' ? Buffer.from(field.value) : field.value);
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
