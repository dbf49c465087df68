import styled from '@emotion/styled';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@fable/shared';
import { TextField } from '@fable/shared/forms';
import { CHECKOUT_TEXTS as T } from './checkoutTexts';

interface CouponFieldProps {
  /** The code applied to the price (the query's `coupon` or one applied here). */
  applied: string;
  /** Preset by the query: the Apply Coupon link is hidden (document 2 §2). */
  preset: boolean;
  /** 'Invalid coupon' when the calculation refused it. */
  error: string | null;
  onApply: (code: string) => void;
}

const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primaryText};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primaryText};
    outline-offset: 2px;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 8px;
  & > :first-of-type {
    flex: 1;
  }
  button {
    margin-top: 26px;
  }
`;

const Applied = styled.p`
  display: flex;
  gap: 12px;
  align-items: center;
  margin: 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

const Failed = styled.p`
  margin: 4px 0 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

/** The coupon: an Apply Coupon link that opens the code field, unless a code is preset by the query. */
export function CouponField({ applied, preset, error, onApply }: CouponFieldProps) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // The code field takes the focus when Apply Coupon opens it.
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  if (preset) {
    return error ? <Failed role="alert">{error}</Failed> : applied ? <Applied>{T.couponApplied(applied)}</Applied> : null;
  }
  if (applied && !error) {
    return (
      <Applied>
        {T.couponApplied(applied)}
        <LinkButton type="button" onClick={() => onApply('')}>
          {T.removeCoupon}
        </LinkButton>
      </Applied>
    );
  }
  if (!open && !applied) {
    return (
      <LinkButton type="button" onClick={() => setOpen(true)}>
        {T.applyCoupon}
      </LinkButton>
    );
  }
  const apply = () => onApply(code.trim());
  return (
    <Row>
      <TextField
        label={T.coupon}
        name="coupon"
        value={code}
        onChange={setCode}
        maxLength={64}
        autoComplete="off"
        error={error}
        ref={input}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
        }}
      />
      <Button type="button" variant="secondary" onClick={apply} disabled={code.trim() === ''}>
        {T.apply}
      </Button>
    </Row>
  );
}
