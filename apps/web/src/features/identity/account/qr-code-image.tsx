import { Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

const SIZE = 200;

/** The otpauth URI as a QR code, drawn into a data: URL image (the CSP allows img data:). */
export function QrCodeImage({ value, alt }: { value: string; alt: string }) {
  const [src, setSrc] = useState<string | undefined>();
  useEffect(() => {
    let active = true;
    QRCode.toDataURL(value, { width: SIZE, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => active && setSrc(url),
      () => active && setSrc(undefined),
    );
    return () => {
      active = false;
    };
  }, [value]);
  if (!src) return <Skeleton width={SIZE} height={SIZE} />;
  return <img src={src} alt={alt} width={SIZE} height={SIZE} data-testid="two-factor-qr" />;
}
