/**
 * Word lists for realistic Portuguese seed data: people, companies, banks (names and ISPBs),
 * merchants, statement descriptions and occupations (CBO codes, core §3 occupation option).
 */
export const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Karina",
  "Lucas",
  "Mariana",
  "Nicolas",
  "Olívia",
  "Pedro",
  "Rafaela",
  "Samuel",
  "Tatiane",
  "Vinícius",
  "Yasmin",
  "Caio",
  "Beatriz",
  "Thiago",
  "Larissa",
  "Gustavo",
  "Camila",
  "Rodrigo",
  "Letícia",
  "André",
  "Fernanda",
  "Marcelo",
  "Patrícia",
  "Leonardo",
  "Juliana",
  "Ricardo",
  "Aline",
  "Daniel",
  "Priscila",
  "Matheus"
] as const

export const LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Pinto",
  "Cavalcanti",
  "Monteiro",
  "Moura"
] as const

export const COMPANIES = [
  "Padaria Pão Dourado",
  "Mercado Bom Preço",
  "Farmácia Saúde Já",
  "Posto Estrela",
  "Restaurante Sabor Caseiro",
  "Livraria Saber",
  "Academia Corpo em Forma",
  "Pet Shop Amigo Fiel",
  "Oficina Mecânica Rápida",
  "Loja Moda Verão",
  "Distribuidora Aurora",
  "Construtora Horizonte",
  "Tech Soluções Digitais",
  "Açougue Boi Gordo",
  "Hortifruti Verde Vida",
  "Clínica Sorriso",
  "Escola Aprender",
  "Transportadora Via Sul",
  "Eletro Casa",
  "Café do Ponto"
] as const

export const MERCHANTS = [
  "iFood",
  "Uber",
  "99 Táxi",
  "Mercado Livre",
  "Amazon.com.br",
  "Magazine Luiza",
  "Netflix",
  "Spotify",
  "Drogasil",
  "Carrefour",
  "Pão de Açúcar",
  "Renner",
  "Americanas",
  "Shopee",
  "Posto Ipiranga",
  "Cinemark",
  "Rappi",
  "Decathlon"
] as const

export const UTILITIES = [
  "Enel Distribuição",
  "Sabesp",
  "Vivo Telefônica",
  "Claro S.A.",
  "Comgás",
  "Condomínio Residencial Jardins",
  "Prefeitura Municipal - IPTU",
  "Unimed",
  "Escola Pequeno Príncipe",
  "Light S.A."
] as const

export const BANKS = [
  "Banco do Brasil S.A.",
  "Caixa Econômica Federal",
  "Itaú Unibanco S.A.",
  "Banco Bradesco S.A.",
  "Banco Santander (Brasil) S.A.",
  "Nu Pagamentos S.A.",
  "Banco Inter S.A.",
  "Banco C6 S.A.",
  "Banco Sandbox S.A."
] as const

/** ISPBs of real participants (public), for end-to-end ids. */
export const ISPB_LIST = ["00000000", "00360305", "60701190", "60746948", "90400888", "18236120", "00416968", "31872495"] as const

export const PIX_OUT_DESCRIPTIONS = [
  "Pix enviado",
  "Pagamento aluguel",
  "Divisão da conta do jantar",
  "Mensalidade academia",
  "Presente de aniversário",
  "Reembolso viagem",
  "Pagamento freelancer",
  "Compra no bazar",
  "Conserto do carro",
  "Aula de inglês"
] as const
export const PIX_IN_DESCRIPTIONS = [
  "Pix recebido",
  "Transferência recebida",
  "Pagamento de serviço",
  "Reembolso",
  "Venda de produto",
  "Acerto de contas"
] as const
export const CARD_DESCRIPTIONS = ["Compra no débito", "Compra no cartão virtual", "Assinatura mensal", "Compra online"] as const

export const OCCUPATIONS = [
  [2124, "2124-05", "Analista de desenvolvimento de sistemas"],
  [2521, "2521-05", "Administrador"],
  [2522, "2522-10", "Contador"],
  [2231, "2231-01", "Médico clínico"],
  [2235, "2235-05", "Enfermeiro"],
  [2311, "2311-05", "Professor de educação infantil"],
  [2410, "2410-05", "Advogado"],
  [2142, "2142-05", "Engenheiro civil"],
  [3171, "3171-10", "Programador de sistemas de informação"],
  [4110, "4110-10", "Assistente administrativo"],
  [4211, "4211-25", "Operador de caixa"],
  [5211, "5211-10", "Vendedor de comércio varejista"],
  [5134, "5134-05", "Garçom"],
  [7823, "7823-10", "Motorista de furgão ou veículo similar"],
  [7152, "7152-10", "Pedreiro"],
  [5141, "5141-20", "Zelador"],
  [2611, "2611-25", "Jornalista"],
  [2624, "2624-05", "Designer gráfico"],
  [1414, "1414-10", "Comerciante varejista"],
  [3940, "0000-00", "Ocupação não informada"],
  [2236, "2236-05", "Fisioterapeuta"],
  [2234, "2234-05", "Farmacêutico"],
  [2531, "2531-15", "Analista de marketing"],
  [2525, "2525-05", "Economista"],
  [5152, "5152-05", "Auxiliar de laboratório"]
] as const

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO"
] as const

export const STREETS = ["Rua das Flores", "Avenida Paulista", "Rua Augusta", "Rua XV de Novembro", "Avenida Brasil", "Rua da Consolação"] as const
export const CITIES = [
  ["São Paulo", "SP"],
  ["Rio de Janeiro", "RJ"],
  ["Belo Horizonte", "MG"],
  ["Curitiba", "PR"],
  ["Recife", "PE"],
  ["Porto Alegre", "RS"]
] as const
export const NEIGHBORHOODS = ["Centro", "Bela Vista", "Jardim América", "Vila Mariana", "Boa Viagem", "Savassi"] as const
