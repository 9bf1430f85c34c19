import { type CompetenciaScores, ESSAY_DEFAULT_INSTRUCTION } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { essayGroupQuotas, essayPrompts, essays, studyGroups, users } from '../../db/schema/index.ts';

// Demo data of the redação (issue 38): proposals with motivating texts written for this project
// (none copied from an exam or a newspaper), control essays with a teacher's reference scores, and
// the paid 'Redação Nota 1000' group's monthly quota of 4 corrections per member.

const PROMPTS: { title: string; texts: string[] }[] = [
  {
    title: 'Os desafios do acesso à internet nas escolas públicas brasileiras',
    texts: [
      'Em muitas escolas, o laboratório de informática virou depósito: há computadores, mas falta conexão estável e alguém para cuidar dos equipamentos.',
      'Estudantes relatam usar o plano de dados do celular para pesquisar, o que acaba antes do fim do mês e deixa tarefas pela metade.',
    ],
  },
  {
    title: 'Caminhos para reduzir o desperdício de alimentos no Brasil',
    texts: [
      'Frutas com pequenas manchas são descartadas na feira porque o consumidor prefere as de aparência perfeita, embora o sabor seja o mesmo.',
      'Restaurantes que doam sobras seguras para instituições sociais ainda enfrentam dúvidas sobre responsabilidade e transporte.',
    ],
  },
  {
    title: 'A saúde mental dos jovens na era das redes sociais',
    texts: [
      'Comparar a própria rotina com recortes editados da vida alheia tornou-se um hábito diário para muitos adolescentes.',
      'Escolas que criaram rodas de conversa semanais observaram mais procura por ajuda e menos faltas sem justificativa.',
    ],
  },
  {
    title: 'O papel da leitura na formação do cidadão',
    texts: [
      'Bibliotecas comunitárias instaladas em praças e pontos de ônibus emprestam livros sem exigir cadastro, confiando na devolução.',
    ],
  },
  {
    title: 'Mobilidade urbana e o direito à cidade',
    texts: [
      'Quem mora na periferia de uma grande cidade pode passar mais de três horas por dia no transporte coletivo entre a casa e o trabalho.',
      'Ciclovias que ligam bairros a estações de metrô aumentaram o uso da bicicleta em trajetos curtos, segundo moradores ouvidos pela associação local.',
    ],
  },
  {
    title: 'Os impactos do lixo eletrônico no meio ambiente',
    texts: [
      'Celulares antigos esquecidos em gavetas guardam metais que poderiam ser reaproveitados se houvesse pontos de coleta próximos.',
    ],
  },
  {
    title: 'A valorização do trabalho dos professores no Brasil',
    texts: [
      'Uma professora da rede estadual conta que leciona em três escolas diferentes para completar a carga horária e corrige provas nos fins de semana.',
    ],
  },
  {
    title: 'Inclusão de pessoas com deficiência no mercado de trabalho',
    texts: [
      'Rampas e elevadores resolvem parte do problema; a outra parte está nas entrevistas, quando o candidato é avaliado pela deficiência e não pela competência.',
      'Empresas que adaptaram processos seletivos relatam equipes mais diversas e menor rotatividade.',
    ],
  },
];

const paragraph = (sentences: string[]) => sentences.join(' ');

/** Control essays on the first proposals: a text and the reference scores of the teacher who marked it. */
const CONTROLS: { prompt: number; scores: CompetenciaScores; text: string }[] = [
  {
    prompt: 0,
    scores: { c1: 160, c2: 160, c3: 160, c4: 160, c5: 160 },
    text: [
      paragraph([
        'A escola pública brasileira prometeu, nas últimas décadas, preparar os jovens para um mundo conectado.',
        'No entanto, essa promessa esbarra na falta de infraestrutura e de formação docente, o que transforma a internet em privilégio de poucos.',
      ]),
      paragraph([
        'Em primeiro lugar, a conexão precária impede atividades simples, como pesquisar uma fonte confiável ou enviar um trabalho.',
        'Sem rede estável, os equipamentos comprados com dinheiro público ficam parados, e o estudante recorre ao próprio celular, quando o tem.',
      ]),
      paragraph([
        'Além disso, não basta conectar as salas: é preciso que professores saibam transformar a rede em ferramenta de aprendizagem.',
        'Sem formação continuada, a tecnologia vira apenas uma tela a mais, sem impacto real no ensino.',
      ]),
      paragraph([
        'Portanto, cabe ao Ministério da Educação, em parceria com as secretarias estaduais, garantir conexão de alta velocidade às escolas e oferecer cursos de formação aos docentes,',
        'por meio de metas anuais divulgadas à sociedade, a fim de que o acesso à internet deixe de depender da sorte de cada estudante.',
      ]),
    ].join('\n'),
  },
  {
    prompt: 0,
    scores: { c1: 80, c2: 120, c3: 80, c4: 80, c5: 40 },
    text: [
      paragraph([
        'Hoje em dia a internet é muito importante para todos e nas escolas não é diferente, todo mundo precisa dela para estudar e fazer trabalhos.',
        'Mas muitas escolas não tem internet boa e isso atrapalha muito os alunos que querem aprender.',
      ]),
      paragraph([
        'Na minha escola por exemplo o wifi só funciona na secretaria e os alunos não podem usar.',
        'Então a gente usa o celular e a internet acaba rápido, e quem não tem celular fica sem fazer a pesquisa.',
      ]),
      paragraph([
        'Também tem professor que não sabe usar os computadores direito e aí a aula fica igual sempre foi.',
        'Isso mostra que não adianta só ter o computador, tem que ter alguém que ensine.',
      ]),
      paragraph(['Então o governo deveria colocar internet nas escolas para melhorar a educação do país.']),
    ].join('\n'),
  },
  {
    prompt: 1,
    scores: { c1: 200, c2: 200, c3: 160, c4: 200, c5: 200 },
    text: [
      paragraph([
        'Enquanto milhões de brasileiros convivem com a insegurança alimentar, toneladas de comida apta ao consumo seguem diariamente para o lixo.',
        'Esse paradoxo revela uma cadeia de abastecimento que valoriza a aparência do produto e negligencia o seu destino.',
      ]),
      paragraph([
        'De início, o padrão estético imposto ao consumidor faz com que frutas e legumes perfeitamente nutritivos sejam descartados ainda na banca.',
        'Trata-se de um desperdício cultural, alimentado por hábitos de compra que raramente são questionados.',
      ]),
      paragraph([
        'Ademais, a insegurança jurídica afasta restaurantes e mercados da doação: temendo responder por eventuais problemas, muitos preferem jogar fora a doar.',
        'Assim, a falta de regras claras converte solidariedade em risco.',
      ]),
      paragraph([
        'Logo, o Poder Legislativo deve detalhar a proteção a quem doa alimentos seguros, enquanto as prefeituras organizam a logística entre doadores e instituições sociais,',
        'e as escolas promovem campanhas sobre o consumo de alimentos fora do padrão, para que a comida chegue a quem dela precisa.',
      ]),
    ].join('\n'),
  },
  {
    prompt: 2,
    scores: { c1: 120, c2: 120, c3: 120, c4: 120, c5: 80 },
    text: [
      paragraph([
        'As redes sociais fazem parte da vida dos jovens e trazem coisas boas, como a comunicação com amigos distantes.',
        'Porém, o uso sem limites tem afetado a saúde mental de muitos adolescentes, que se sentem ansiosos e inferiores.',
      ]),
      paragraph([
        'Isso acontece porque as pessoas mostram apenas os melhores momentos e o jovem acha que a vida dele é pior.',
        'Com o tempo, essa comparação constante gera tristeza e até isolamento, pois ele passa mais tempo na tela do que com as pessoas.',
      ]),
      paragraph([
        'Além disso, muitas escolas não falam sobre o assunto e os pais nem sempre percebem os sinais.',
        'Quando a ajuda chega, o problema já está grande.',
      ]),
      paragraph([
        'Dessa forma, as escolas devem criar espaços de conversa sobre saúde mental, com apoio de psicólogos,',
        'para que os jovens aprendam a usar as redes de forma mais saudável.',
      ]),
    ].join('\n'),
  },
  {
    prompt: 4,
    scores: { c1: 160, c2: 200, c3: 200, c4: 160, c5: 160 },
    text: [
      paragraph([
        'O direito à cidade pressupõe que todos possam circular por ela, mas, no Brasil, o tempo gasto no transporte revela quem tem esse direito de fato.',
        'Para quem mora longe dos centros, o deslocamento diário consome horas que poderiam ser de estudo, descanso ou convívio.',
      ]),
      paragraph([
        'Primeiramente, o crescimento desordenado empurrou a população de menor renda para bairros distantes, sem oferecer transporte à altura.',
        'O resultado são ônibus lotados, trajetos longos e tarifas que pesam no orçamento familiar.',
      ]),
      paragraph([
        'Em segundo lugar, soluções simples são ignoradas: ciclovias integradas às estações e faixas exclusivas para ônibus reduzem o tempo de viagem a baixo custo.',
        'Onde foram implantadas, mudaram a rotina de quem antes dependia de longas baldeações.',
      ]),
      paragraph([
        'Portanto, as prefeituras, com recursos federais de mobilidade, devem ampliar faixas exclusivas e ciclovias ligadas ao transporte de massa,',
        'ouvindo as associações de moradores na escolha das rotas, de modo que a cidade pertença também a quem vive nas suas bordas.',
      ]),
    ].join('\n'),
  },
  {
    prompt: 5,
    scores: { c1: 40, c2: 80, c3: 40, c4: 40, c5: 0 },
    text: [
      paragraph([
        'O lixo eletronico é um problema que as pessoas não ligam muito mas é grave, porque tem muita coisa que estraga a natureza.',
        'Todo mundo tem celular velho em casa e não sabe oque fazer com ele e joga no lixo comum.',
      ]),
      paragraph([
        'Isso faz mal pro solo e pra água e os animais também sofrem com isso e as pessoas também.',
        'Tem que ter mais conciencia das pessoas sobre isso porque o planeta é de todos e a gente tem que cuidar.',
      ]),
      paragraph([
        'As empresas também são culpadas porque fazem os aparelhos pra durar pouco e a gente tem que comprar outro.',
        'Assim o lixo só aumenta e ninguém faz nada para mudar essa situação que é muito triste.',
      ]),
      paragraph(['Por isso o lixo eletronico é um problema muito sério.']),
    ].join('\n'),
  },
];

/** Proposals (to everyone) by the demo professor, and the control essays she marked. */
/** The demo's paid essay group ('Correção individual de uma redação por semana'): 4 corrections a month. */
const DEMO_QUOTA_GROUP = 'Redação Nota 1000';

export async function seedEssayDemo(db: Db, now: Date): Promise<void> {
  const [carla] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'prof.carla'));
  if (!carla) return;
  const day = 86_400_000;
  const prompts = await db
    .insert(essayPrompts)
    .values(
      PROMPTS.map((prompt, index) => ({
        authorId: carla.id,
        title: prompt.title,
        motivatingTexts: prompt.texts.map((text) => ({ text })),
        instruction: ESSAY_DEFAULT_INSTRUCTION,
        createdAt: new Date(now.getTime() - (PROMPTS.length - index) * 7 * day),
      })),
    )
    .returning({ id: essayPrompts.id });
  await db.insert(essays).values(
    CONTROLS.map((control, index) => ({
      authorId: carla.id,
      promptId: prompts[control.prompt]!.id,
      text: control.text,
      status: 'done' as const,
      controlScores: control.scores,
      finalScore: { ...control.scores, total: Object.values(control.scores).reduce((a, b) => a + b, 0) },
      createdAt: new Date(now.getTime() - (30 - index) * day),
      updatedAt: new Date(now.getTime() - (30 - index) * day),
    })),
  );
  const [paid] = await db
    .select({ id: studyGroups.id })
    .from(studyGroups)
    .where(eq(studyGroups.name, DEMO_QUOTA_GROUP));
  if (paid) await db.insert(essayGroupQuotas).values({ groupId: paid.id, monthlyQuota: 4, updatedAt: now });
}
