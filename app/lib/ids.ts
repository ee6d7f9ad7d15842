import Hashids from "hashids";

export type IdCodec = {
  encode(id: number): string;
  /** Null when the string is not a valid id (spec section 5: ids must decode). */
  decode(id: string): number | null;
};

export function createIdCodec(options: { salt: string; minLength: number }): IdCodec {
  const hashids = new Hashids(options.salt, options.minLength);
  return {
    encode: (id) => hashids.encode(id),
    decode(id) {
      if (!/^[a-zA-Z0-9]{1,64}$/.test(id)) return null;
      const [value, ...rest] = hashids.decode(id);
      if (value === undefined || rest.length > 0) return null;
      // Hashids decodes some strings it never produced; only the canonical encoding counts.
      return hashids.encode(value) === id ? Number(value) : null;
    },
  };
}
