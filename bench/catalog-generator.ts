import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type DatabaseHandle } from '#server/db/client.ts';
import { refreshProductTerms } from '#server/modules/catalog-admin/product-terms.ts';

// A generated catalogue for the shop listing's budgets: half paddles (3 thicknesses x 2 grips, spec
// sheets with a weight range, shape, face and play style), balls (3 packs x indoor/outdoor), shoes,
// bags, apparel and accessories in six colours: 6 variants a product. Written in a few set statements.

const COLORS = ['Black', 'Blue', 'Red', 'White', 'Green', 'Yellow'];

/** A PostgreSQL database to generate a catalogue into: generating takes longer than a request may, so no statement timeouts. */
export function openGeneratorDatabase(url: string): Promise<DatabaseHandle> {
  return openDatabase({
    url,
    dataDir: null,
    timeouts: {
      DATABASE_CONNECT_TIMEOUT_MS: 10_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 0,
      DATABASE_QUERY_TIMEOUT_MS: 0,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 0,
      DATABASE_KEEPALIVE_DELAY_MS: 10_000,
    },
  });
}

export async function generateCatalogue(db: Database, productCount = 5000): Promise<{ products: number; variants: number }> {
  await db.execute(sql`insert into brands (name, slug, is_featured) select 'Brand ' || g, 'brand-' || g, g % 8 = 0 from generate_series(1, 40) g`);
  await db.execute(sql`insert into option_values (option_type_id, label, position)
    select o.id, c.label, c.position from option_types o cross join unnest(string_to_array(${COLORS.join(',')}, ',')) with ordinality c(label, position) where o.key = 'color'
    on conflict do nothing`);
  // type by position in the sequence: 50% paddles, 15% balls, 10% shoes, the rest spread over the others
  await db.execute(sql`insert into products (brand_id, name, slug, price, description, stock, is_featured, release_date, product_type_id, usapa_status, created_at)
    select 1 + (g * 7) % 40,
      (array['Apex','Bolt','Crest','Drift','Ember','Flux','Glide','Halo','Ion','Jolt'])[1 + g % 10] || ' ' ||
        (array['Pro','Elite','Tour','Sport','Max','Lite','Edge','Core'])[1 + (g / 10) % 8] || ' ' ||
        case t.slug when 'paddles' then 'Paddle' when 'balls' then 'Ball' when 'shoes' then 'Court Shoe' when 'bags' then 'Bag' else initcap(t.slug) end || ' ' || g,
      'generated-' || t.slug || '-' || g,
      0, 'Generated product ' || g || ' for the catalogue bench.', 0, g % 50 = 0,
      now() - (g || ' hours')::interval, t.id,
      case when t.slug = 'paddles' and g % 3 <> 0 then 'approved' else 'not_stated' end,
      now() - (g || ' minutes')::interval
    from generate_series(1, ${productCount}) g
    join product_types t on t.slug = case
      when g % 20 < 10 then 'paddles' when g % 20 < 13 then 'balls' when g % 20 < 15 then 'shoes'
      when g % 20 < 17 then 'bags' when g % 20 < 18 then 'apparel' else 'accessories' end`);
  // six variants a product: the combinations of two axes (or six colours), prices spread from $5 to $300
  await db.execute(sql`with combos as (
      select p.id as product_id, p.product_type_id, t.slug, k.n, ov1.id as v1, ov1.option_type_id as t1, ov2.id as v2, ov2.option_type_id as t2
      from products p join product_types t on t.id = p.product_type_id
      cross join generate_series(0, 5) k(n)
      join lateral (
        select case t.slug
          when 'paddles' then (select id from option_values where option_type_id = (select id from option_types where key = 'core_thickness') order by sort_value offset k.n / 2 limit 1)
          when 'balls' then (select id from option_values where option_type_id = (select id from option_types where key = 'pack_size') order by sort_value offset k.n / 2 limit 1)
          else (select id from option_values where option_type_id = (select id from option_types where key = 'color') order by position offset k.n limit 1) end as first_id,
          case t.slug
          when 'paddles' then (select id from option_values where option_type_id = (select id from option_types where key = 'grip_size') order by sort_value offset 1 + (k.n % 2) + (p.id % 2) limit 1)
          when 'balls' then (select id from option_values where option_type_id = (select id from option_types where key = 'court') order by position offset k.n % 2 limit 1)
          end as second_id
      ) pick on true
      join option_values ov1 on ov1.id = pick.first_id
      left join option_values ov2 on ov2.id = pick.second_id
    ), inserted as (
      insert into product_variants (product_id, sku, price, stock, position, option_key)
      select product_id, 'GEN-' || product_id || '-' || n,
        round((5 + (product_id * 37 % 250) + n * 4 + case slug when 'paddles' then 40 else 0 end)::numeric, 2),
        case when product_id % 9 = 0 then 0 else (product_id + n) % 12 end, n,
        array_to_string(array(select x from unnest(array[v1, v2]) u(x) where x is not null order by x), ',')
      from combos returning id, product_id, option_key
    )
    insert into variant_option_values (variant_id, option_type_id, option_value_id)
    select i.id, ov.option_type_id, ov.id from inserted i cross join unnest(string_to_array(i.option_key, ',')::int[]) chosen(value_id) join option_values ov on ov.id = chosen.value_id`);
  await db.execute(sql`update products p set price = v.min_price, stock = v.total, sku = null
    from (select product_id, min(price) as min_price, sum(stock) as total from product_variants group by product_id) v where v.product_id = p.id`);
  await db.execute(sql`insert into product_attribute_values (product_id, attribute_id, number_min, number_max, choices)
    select p.id, a.id,
      case when a.key = 'static_weight' then 7.2 + (p.id % 13) * 0.1 end,
      case when a.key = 'static_weight' then 7.4 + (p.id % 13) * 0.1 end,
      case a.key when 'static_weight' then null else array[a.choices[1 + p.id % cardinality(a.choices)]] end
    from products p join product_types t on t.id = p.product_type_id and t.slug = 'paddles'
    join attribute_definitions a on a.product_type_id = t.id and a.key in ('static_weight', 'shape', 'face_material', 'play_style', 'core_material')`);
  // statistics first: without them the terms' per-product subqueries scan every variant's options (quadratic at 50,000 products)
  await db.execute(sql`analyze`);
  await refreshProductTerms(db);
  await db.execute(sql`analyze`);
  const [counts] = (
    (await db.execute(sql`select (select count(*) from products)::int as products, (select count(*) from product_variants)::int as variants`)) as unknown as {
      rows: { products: number; variants: number }[];
    }
  ).rows;
  return counts!;
}
