/** The dark brown theme. Loaded by src/styles/global.css through Tailwind 4's @config. */
module.exports = {
  content: ['./src/**/*.{astro,ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brown: {
          950: '#1a100b',
          900: '#24170f',
          800: '#332117',
          700: '#4a3122',
          600: '#6b4631',
        },
        gold: { 400: '#f5c451', 500: '#e6a817', 600: '#c98a0b' },
        cream: '#f6ead8',
      },
      fontFamily: {
        sans: ['system-ui', '"Hiragino Sans"', '"Noto Sans JP"', '"Yu Gothic"', 'sans-serif'],
      },
    },
  },
};
