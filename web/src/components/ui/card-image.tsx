import { Box, type BoxProps } from '@chakra-ui/react/box'
import { Image } from '@chakra-ui/react/image'
import { useState, type SyntheticEvent } from 'react'
import { retryImage } from '@/lib/image-fallback'

interface CardImageProps extends Omit<BoxProps, 'children'> {
  src: string
  alt: string
  height?: BoxProps['height']
}

/**
 * A card's picture. A failed image first gets the extension-swap retry; if
 * that does not help, the image is hidden and a soft brand gradient shows in
 * its place, so the card keeps its shape.
 */
export function CardImage({ src, alt, height = '44', ...rest }: CardImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const failed = failedSrc === src

  const onError = (event: SyntheticEvent<HTMLImageElement>) => {
    const img = event.currentTarget
    void retryImage(img).then((outcome) => {
      if (outcome === 'failed') setFailedSrc(src)
    })
  }

  return (
    <Box
      position="relative"
      height={height}
      overflow="hidden"
      bgGradient="to-br"
      gradientFrom="cardFallback.from"
      gradientTo="cardFallback.to"
      data-image-state={failed ? 'fallback' : 'image'}
      {...(failed ? { role: 'img', 'aria-label': alt } : {})}
      {...rest}
    >
      {failed ? null : (
        <Image src={src} alt={alt} loading="lazy" width="100%" height="100%" objectFit="cover" onError={onError} />
      )}
    </Box>
  )
}
