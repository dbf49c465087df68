import styled from '@emotion/styled';
import { useFormContext, useWatch } from '@fable/shared/forms';
import { readableOn } from '@fable/shared';
import { ADMIN_BANNERS_TEXTS } from './adminBannersTexts';
import { DEFAULT_BANNER_COLOR, type BannerFormValues } from './bannerForm';

const T = ADMIN_BANNERS_TEXTS.form;

const Box = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 6px;
  figcaption {
    font-weight: 600;
    font-size: 0.9rem;
  }
  .banner {
    position: relative;
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 6px;
    padding: 14px 40px 14px 16px;
    border-radius: ${({ theme }) => theme.radius.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    overflow-wrap: anywhere;
    min-width: 0;
  }
  .title {
    font-weight: 700;
    font-size: 1.05rem;
  }
  .empty {
    opacity: 0.75;
    font-style: italic;
  }
  .close {
    position: absolute;
    top: 8px;
    right: 12px;
    font-size: 1.2rem;
    line-height: 1;
  }
  .action {
    padding: 6px 14px;
    border: 1px solid currentColor;
    border-radius: ${({ theme }) => theme.radius.sm};
    font-weight: 600;
    font-size: 0.9rem;
  }
  .action[data-shape='pill'] {
    border-radius: ${({ theme }) => theme.radius.pill};
  }
`;

/** Black or white, whichever reads better on the colour (#rrggbb). */

/**
 * A rough look at the banner as the form stands: its colour, title, description, button and close mark. Everything
 * is shown as plain text (never as HTML); it is a picture, so assistive technology reads it once as a whole.
 */
export function BannerPreview() {
  const { control } = useFormContext<BannerFormValues>();
  const [placement, title, description, color, withAction, actionLabel, actionShape, closable] = useWatch({
    control,
    name: ['placement', 'title', 'description', 'backgroundColor', 'withAction', 'actionLabel', 'actionShape', 'closable'],
  });
  const background = /^#[0-9a-fA-F]{6}$/.test(color) ? color : DEFAULT_BANNER_COLOR;
  return (
    <Box aria-label={T.preview}>
      <figcaption>
        {T.preview} · {ADMIN_BANNERS_TEXTS.placements[placement]}
      </figcaption>
      <div className="banner" style={{ background, color: readableOn(background) }} data-testid="banner-preview">
        {title.trim() ? <span className="title">{title}</span> : null}
        {description.trim() ? <span>{description}</span> : null}
        {!title.trim() && !description.trim() ? <span className="empty">{T.previewEmpty}</span> : null}
        {withAction && actionLabel.trim() ? (
          <span className="action" data-shape={actionShape}>
            {actionLabel}
          </span>
        ) : null}
        {closable ? (
          <span className="close" aria-hidden="true" title={T.previewClose}>
            ×
          </span>
        ) : null}
      </div>
    </Box>
  );
}
