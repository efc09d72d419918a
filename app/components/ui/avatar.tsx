/** A round profile image, or the name's first letter when there is none. */
export function Avatar({ src, name, size = 80 }: { src: string; name: string; size?: number }) {
  const box = { width: size, height: size };
  if (src) {
    return <img src={src} alt={name} {...box} style={box} className="rounded-full object-cover" />;
  }
  return (
    <div
      aria-hidden="true"
      style={box}
      className="flex items-center justify-center rounded-full bg-brand-soft text-3xl font-bold text-brand"
    >
      {name.slice(0, 1).toUpperCase()}
    </div>
  );
}
