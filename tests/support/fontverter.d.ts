// fontverter ships no types; the fonts test uses only its conversion to TrueType.
declare module 'fontverter' {
  const fontverter: {
    convert(
      font: Uint8Array,
      toFormat: 'truetype' | 'sfnt' | 'woff' | 'woff2',
      fromFormat?: string,
    ): Promise<Uint8Array>;
  };
  export default fontverter;
}
