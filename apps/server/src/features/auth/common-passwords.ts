// The most used passwords worldwide and in Brazil (public breach statistics), compared in
// lower case. Only entries of at least 6 characters matter: shorter ones fail the length rule.
const LIST = `
123456 123456789 12345678 1234567890 1234567 password 111111 123123 qwerty 000000 abc123 654321
password1 123321 qwertyuiop 1q2w3e4r 1q2w3e 666666 7777777 121212 112233 987654321 159753
123qwe qwerty123 1qaz2wsx zxcvbnm asdfgh asdfghjkl qazwsx 555555 11111111 88888888 999999
222222 333333 444444 12341234 123654 147258 147258369 159357 123456a 123456a@ a123456 aa123456
abcdef abcdefg abcd1234 iloveyou princess sunshine football monkey shadow master dragon
letmein trustno1 baseball superman batman michael jennifer jordan hunter buster soccer harley
charlie thomas hockey ranger daniel starwars computer michelle jessica pepper freedom maggie
ginger joshua cheese amanda summer ashley nicole chelsea matthew access yankees dallas austin
thunder taylor matrix welcome welcome1 admin123 administrator passw0rd p@ssw0rd p@ssword
password123 password12 qwerty1 qwerty12 1234qwer q1w2e3r4 q1w2e3r4t5 zaq12wsx 1qazxsw2
lovely loveme love123 flower hello123 hellohello secret killer 696969 mustang access14
senha senha1 senha12 senha123 senha1234 senha12345 minhasenha mudar123 123mudar mudar@123
brasil brasil123 brasil2014 flamengo flamengo1 flamengo123 corinthians corinthians1
palmeiras palmeiras1 saopaulo saopaulo1 vasco vascodagama gremio santos santos123 cruzeiro
botafogo fluminense internacional atletico bahia sport1 vitoria
amor amor123 amorzinho meuamor teamo teamo123 teamomuito jesus jesus123 jesuscristo deus
deusefiel deusefiel123 deuseamor deusefiel1 gatinha gatinho princesa princesa1 estrela
felicidade saudade familia familia123 mamae papai beatriz gabriel gabriela mariana
rafael lucas pedro julia juliana fernanda fernando carlos eduardo leticia amanda123
estudante estudar estudos escola escola123 faculdade enem2024 enem2025 enem2026 vestibular
concurso professor professora estudai estudai123
abc12345 qwe123 asd123 zxc123 a1b2c3 a1b2c3d4 aaaaaa aaaaaaaa abcabc 010203 01020304 102030
10203040 1020304050 1234512345 123123123 321321 456456 789456 789456123 741852963 963852741
147852 147852369 258258 131313 252525 202020 232323 242424 101010 010101 696969 123abc
nossasenhora meusfilhos minhavida vidaloka pokemon naruto minecraft roblox freefire
`;

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

export const isCommonPassword = (password: string): boolean =>
  COMMON_PASSWORDS.has(password.trim().toLowerCase());
