#!/usr/bin/env bash
#
# make-hero-video.sh: generates the home page's background video.
#
# What it makes: an 8-second, 1280x720, 24 fps, silent, seamlessly looping
# abstract animation: soft blobs of the brand palette (teal, sky, coral and
# saffron) drifting slowly over navy. Every blob moves on sine/cosine paths
# whose periods divide 8 s exactly, so frame 192 equals frame 0 and the loop
# has no visible seam. It stays mid-to-dark so white text over it, with the
# page's dark overlay, stays readable.
#
# Outputs (overwritten):
#   public/video/hero.webm        VP9, no audio
#   public/video/hero.mp4         H.264 Main, yuv420p, +faststart, no audio
#   public/video/hero-poster.webp first frame, 1280x720
#   public/video/hero-poster.jpg  first frame, 1280x720
#
# Requirements: ffmpeg built with libvpx-vp9, libx264 and libwebp (the
# Debian/Ubuntu `ffmpeg` package is fine). Nothing else.
#
# Run from anywhere:   bash scripts/make-hero-video.sh
# It takes about a minute and prints the sizes of the files it wrote.
#
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/video"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

command -v ffmpeg >/dev/null || { echo "ffmpeg is required" >&2; exit 1; }

DUR=8     # seconds; every motion period below divides it
FPS=24
W=1280
H=720

# The field is computed at 320x180 (the blobs are very soft, so nothing is
# lost) and scaled up, which keeps the per-pixel `geq` evaluation fast.
#
# ld(0) = phase angle 2*pi*t/DUR.  Blob weights g1..g4 are Gaussians in
# coordinates normalised by the width, stored in registers 1..4.
PH="st(0,2*PI*T/$DUR)"
G1="st(1,0.95*exp(-(pow(X/W-0.30-0.09*sin(ld(0)),2)+pow((Y-H*(0.50+0.12*cos(ld(0))))/W,2))/0.070))"
G2="st(2,0.33*exp(-(pow(X/W-0.74-0.10*cos(ld(0)+1),2)+pow((Y-H*(0.32+0.10*sin(ld(0))))/W,2))/0.040))"
G3="st(3,0.38*exp(-(pow(X/W-0.62-0.10*sin(ld(0)+2),2)+pow((Y-H*(0.82-0.10*cos(ld(0)+2)))/W,2))/0.045))"
G4="st(4,0.30*exp(-(pow(X/W-0.12-0.05*cos(ld(0)),2)+pow((Y-H*(0.16+0.08*sin(ld(0)+1)))/W,2))/0.020))"
PRE="$PH;$G1;$G2;$G3;$G4"

# channel BASE C1 C2 C3 C4: start from navy (register 5), then blend
# towards each blob colour by that blob's weight.
channel() {
  echo "$PRE;st(5,$1);st(5,ld(5)+($2-ld(5))*ld(1));st(5,ld(5)+($3-ld(5))*ld(2));st(5,ld(5)+($4-ld(5))*ld(3));ld(5)+($5-ld(5))*ld(4)"
}
#          navy teal  sky  coral saffron
R="$(channel 20   15  168  231  244)"
G="$(channel 33  118  218  111  162)"
B="$(channel 61  110  220   81   97)"

echo "Rendering the loop..."
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "nullsrc=s=320x180:r=$FPS:d=$DUR" \
  -vf "format=gbrp,geq=r='$R':g='$G':b='$B',gblur=sigma=2,scale=$W:$H:flags=bicubic,format=yuv420p" \
  -c:v ffv1 "$TMP/master.mkv"

echo "Encoding VP9..."
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -an \
  -c:v libvpx-vp9 -b:v 0 -crf 34 -pix_fmt yuv420p -row-mt 1 -deadline good -cpu-used 1 \
  -g $((DUR * FPS)) -pass 1 -passlogfile "$TMP/vp9" -f null /dev/null
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -an \
  -c:v libvpx-vp9 -b:v 0 -crf 34 -pix_fmt yuv420p -row-mt 1 -deadline good -cpu-used 1 \
  -g $((DUR * FPS)) -pass 2 -passlogfile "$TMP/vp9" "$OUT/hero.webm"

echo "Encoding H.264..."
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -an \
  -c:v libx264 -profile:v main -level 3.1 -preset veryslow -crf 24 -pix_fmt yuv420p \
  -g $((DUR * FPS)) -movflags +faststart "$OUT/hero.mp4"

echo "Writing posters..."
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -frames:v 1 \
  -c:v libwebp -quality 70 -compression_level 6 "$OUT/hero-poster.webp"
ffmpeg -hide_banner -loglevel error -y -i "$TMP/master.mkv" -frames:v 1 \
  -q:v 5 "$OUT/hero-poster.jpg"

ls -l "$OUT"
