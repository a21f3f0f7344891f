/** Command-line tasks (`npm run user:create`, ...). Commands arrive with the issues that need them. */
const [command] = process.argv.slice(2);
console.error(command ? `Comando desconhecido: ${command}` : "Uso: node build/server-main/cli.js <comando>");
process.exit(2);
