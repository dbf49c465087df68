/** The screen a path shows, as banners target it (contracts' BannerScreenSchema): its first segment, "home" for "/". */
export const bannerScreenOf = (pathname: string): string => pathname.split('/').find((s) => s !== '')?.toLowerCase() ?? 'home';
