import type { Brand } from '@dealership/brand-schemas';
import { sitePath } from '@dealership/shared-schemas';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { BRAND_ADMIN_COPY as COPY, brandActionLabel } from './brand-admin.copy';
import classes from './BrandTable.module.css';

export interface BrandTableProps {
  brands: readonly Brand[];
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}

/** The brands as a table: logo, name (linking to the public brand page), Edit and Delete. */
export function BrandTable({ brands, onEdit, onDelete }: BrandTableProps) {
  return (
    // Fits a 390 px phone; narrower still, the table scrolls sideways inside its own box, never the page.
    <Table.ScrollContainer minWidth={340} type="native" className={classes.scroll}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.fit}>
              Logo
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col" className={classes.fit}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {brands.map((brand) => {
            const logo = brand.images[0];
            return (
              <Table.Tr key={brand.id}>
                <Table.Td>
                  {logo ? (
                    <img src={logo.url} alt={`${brand.name} logo`} className={classes.logo} width={64} height={48} loading="lazy" />
                  ) : (
                    <div className={classes.noLogo} role="img" aria-label={`${brand.name} has no logo`} />
                  )}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={sitePath('brand', { slug: brand.slug })} fw={600} className={classes.name}>
                    {brand.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    /brand/{brand.slug}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <div className={classes.actions}>
                    <Button size="xs" variant="light" onClick={() => onEdit(brand)} aria-label={brandActionLabel('Edit', brand.name)}>
                      {COPY.edit}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => onDelete(brand)} aria-label={brandActionLabel('Delete', brand.name)}>
                      {COPY.delete}
                    </Button>
                  </div>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
