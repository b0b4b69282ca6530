/** Types of the independent boleto checker used by the boleto contract test (the package ships none). */
declare module "boleto-brasileiro-validator" {
  /** True for a valid typeable line or barcode (bank or collection slip). */
  export function boleto(code: string, withMask?: boolean): boolean
}
