// A contract enum in an order of our own (a form's order, the bits of a stored key): the list is checked, by the type
// checker and at load, to hold exactly the enum's values of shared/contract-enums.ts, so it cannot drift from
// openapi.yaml (tests/unit/no-contract-copies.test.ts lets a list through only inside this call).

/** `order`, once it is known to be a permutation of `values` (a missing value fails the type check, an extra one too). */
export function inOwnOrder<const Values extends readonly string[], const Order extends readonly Values[number][]>(
  values: Values,
  order: Order & ([Exclude<Values[number], Order[number]>] extends [never] ? unknown : { missing: Exclude<Values[number], Order[number]> }),
): Order {
  if (order.length !== values.length || new Set(order).size !== order.length || !values.every((value) => order.includes(value))) {
    throw new Error(`inOwnOrder: [${order.join(', ')}] is not an order of [${values.join(', ')}]`);
  }
  return order;
}
