import { routes } from '@fable/contracts';
import styled from '@emotion/styled';
import { Link } from 'react-router';
import { selectBrand, useAppSelector } from '@fable/shared';

const Home = styled(Link)`
  display: inline-flex;
  align-items: center;
  /* Never squeezed under the top navigation (partner mode, the mobile app): that one scrolls instead. */
  flex: none;
  img {
    height: 30px;
    width: auto;
    display: block;
  }
`;

/** The brand's logo, linking home. */
export function BrandLogo() {
  const brand = useAppSelector(selectBrand);
  if (!brand) return null;
  return (
    <Home to={routes.home()} aria-label={`${brand.name} home`} data-testid="brand-logo">
      <img src={brand.logoUrl} alt={brand.name} />
    </Home>
  );
}
